import { translate } from '../../../shared/locales';
import { transferorderline } from '../../../shared/resources';
import type { ResourceHooks, ServiceContext } from '../../crud/engine';
import { forNestedRow, nestedInput } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import type { Db } from '../../db/database';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import type { RowOf } from '../../../shared/resource-kit';
import type { hazardouswasteinformation } from '../../../shared/resources';
import { recordOf } from '../../../shared/json';

/** The body key of an order's lines. */
export const LINES = 'lines';
const MAX_LINES = 50;

export const lines = (ctx: ServiceContext) => ctx.resources.of(transferorderline);

type WasteInfo = RowOf<typeof hazardouswasteinformation>;
/** What a line copies from its waste record, as the query names it. */
interface WasteRecord {
  wastecode_id: WasteInfo['wastecodeId'];
  name: WasteInfo['name'];
  physical_characteristics: WasteInfo['physicalCharacteristics'];
  container_type: WasteInfo['containerType'];
  hazard_characteristics: WasteInfo['hazardCharacteristics'];
}

/**
 * A line copies code and name from the producer's hazardous-waste record (the manifest keeps what was declared), and
 * takes form, container and characteristics from it when the clerk left them empty.
 */
export const transferLineHooks: ResourceHooks<typeof transferorderline> = {
  async beforeWrite(_ctx, tx, values) {
    const rows = await tx.query<WasteRecord>(
      `select wastecode_id, name, physical_characteristics, container_type, hazard_characteristics
         from hazardous_waste_information where id = $1`, [values.hazardouswasteId ?? null]);
    const record = rows[0];
    if (!record) return;
    values.wastecodeId = record.wastecode_id;
    values.wasteName = record.name;
    values.physicalForm ??= record.physical_characteristics;
    values.containerType ??= record.container_type;
    if (values.hazardCharacteristics === null || (Array.isArray(values.hazardCharacteristics) && values.hazardCharacteristics.length === 0)) {
      values.hazardCharacteristics = record.hazard_characteristics;
    }
  },
};

/** The lines of a body: at least one, at most MAX_LINES, each an object. */
export function linesOf(ctx: ServiceContext, input: Input): Record<string, unknown>[] {
  const raw = input.get(LINES);
  if (!Array.isArray(raw) || raw.length === 0) throw errors.invalid(ctx.language, LINES, translate(ctx.language, 'transferRules.noLines'));
  if (raw.length > MAX_LINES) throw errors.invalid(ctx.language, LINES, translate(ctx.language, 'transferRules.tooManyLines', { max: MAX_LINES }));
  return raw.map(recordOf);
}

/** The order's lines in entry order, read through `db` so that the running transaction's writes are seen. */
export async function readLines(ctx: ServiceContext, db: Db, orderId: number): Promise<Row[]> {
  const { items } = await lines(ctx).list({ ...ctx, db }, new Input({ orderId, MaxResultCount: MAX_LINES, Sorting: 'id asc' }, ctx.language));
  return items;
}

/** Replaces the order's lines: with an id updated, without one created, missing ones deleted. */
export async function writeLines(ctx: ServiceContext, tx: Db, orderId: number, raw: Record<string, unknown>[]): Promise<Row[]> {
  const existing = await readLines(ctx, tx, orderId);
  const kept = new Set<number>();
  for (const [index, line] of raw.entries()) {
    const body = nestedInput({ ...line, orderId }, ctx);
    const id = body.optionalInt('id', { min: 1 });
    if (id !== undefined && !existing.some((e) => e.id === id)) {
      throw errors.invalid(ctx.language, `${LINES}[${index}].id`, translate(ctx.language, 'transferRules.unknownLine', { id: String(id) }));
    }
    const saved = await forNestedRow(LINES, index, () => (id !== undefined ? lines(ctx).update(ctx, tx, body) : lines(ctx).create(ctx, tx, body)));
    kept.add(saved.id);
  }
  for (const line of existing) if (!kept.has(line.id)) await lines(ctx).remove(ctx, tx, line.id);
  return readLines(ctx, tx, orderId);
}

/** What the history keeps of the lines: quantities before and after a move. */
export const quantitiesOf = (rows: Row[]) => rows.map((l) => ({ id: l.id, wasteName: l.wasteName, quantity: l.quantity, receivedQuantity: l.receivedQuantity }));
