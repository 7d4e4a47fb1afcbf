import { translate } from '../../../shared/locales';
import { transferorder } from '../../../shared/resources';
import { allowedMoves, partiesOf } from '../../../shared/transfer/machine';
import type { ResourceHooks, ServiceContext } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import { sql, type Sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { AppError, errors } from '../../http/errors';
import type { Input } from '../../http/input';
import { crossCheck, type CheckResult, type Warning } from './checks';
import { authorizeMove, checkVersion, lockOrder, orders } from './guard';
import { readHistory, recordHistory, stateOf } from './history';
import { LINES, linesOf, quantitiesOf, readLines, writeLines } from './lines';
import { nextManifestNo } from './numbering';
import { countFromRollup } from './rollups';

type OrderField = keyof typeof transferorder.fields;
const ORDER_FIELDS = transferorder.fieldNames as OrderField[];
const MANAGED = ORDER_FIELDS.filter((name) => transferorder.fields[name].managed);

async function declarantName(ctx: ServiceContext, tx: Db): Promise<string | null> {
  if (!ctx.session) return null;
  const rows = await tx.query<{ name: string }>(
    `select coalesce(nullif(trim(concat(surname, name)), ''), user_name) as name from users where id = $1`, [ctx.session.userId]);
  return rows[0]?.name ?? ctx.session.userName;
}

export const transferOrderHooks: ResourceHooks<typeof transferorder> = {
  async beforeWrite(ctx, tx, values, existing, input) {
    if (existing) {
      const locked = await lockOrder(ctx, tx, existing.id);
      checkVersion(ctx, locked, input);
      authorizeMove(ctx, locked, 'edit');
      // Statuses, signatures and vehicles belong to the moves: an edit never writes them back (they may have changed
      // since the row was read before the lock).
      for (const name of MANAGED) delete values[name];
    }
    const mine = ctx.session?.enterpriseIds;
    if (mine && !mine.includes(values.producerId ?? 0)) {
      throw errors.invalid(ctx.language, 'producerId', translate(ctx.language, 'transferRules.ownProducer'));
    }
  },

  async afterWrite(ctx, tx, row, input, existing) {
    const before = existing ? await readLines(ctx, tx, row.id) : [];
    const saved = existing && !input.has(LINES) ? before : await writeLines(ctx, tx, row.id, linesOf(ctx, input));
    const checks = await crossCheck(ctx, tx, {
      id: row.id, producerId: Number(row.producerId), receiverId: Number(row.receiverId), plannedDate: String(row.plannedDate),
      lines: saved.map((l) => ({
        hazardouswasteId: Number(l.hazardouswasteId), wastecodeId: Number(l.wastecodeId), wasteName: String(l.wasteName ?? ''), quantity: Number(l.quantity),
      })),
    });
    if (checks.errors.length > 0) throw errors.validation(ctx.language, checks.errors);
    const total = saved.reduce((sum, l) => sum + Number(l.quantity), 0);
    await tx.query('update transfer_order set total_quantity = $2, version = version + $3 where id = $1', [row.id, total, existing ? 1 : 0]);
    await recordHistory(ctx, tx, {
      orderId: row.id, action: existing ? 'edit' : 'create', party: 'producer', from: existing ? stateOf(row) : null, to: stateOf(row),
      before: existing ? { lines: quantitiesOf(before) } : null, after: { lines: quantitiesOf(saved) },
    });
    // The checks' warnings do not stop the write; the answer carries them.
    return { warnings: checks.warnings };
  },

  async beforeDelete(ctx, tx, row) {
    const locked = await lockOrder(ctx, tx, row.id);
    authorizeMove(ctx, locked, 'delete');
    await tx.query('update transfer_order_line set is_deleted = true, deletion_time = now(), deleter_user_id = $2 where order_id = $1 and not is_deleted',
      [row.id, ctx.session?.userId ?? null]);
    await recordHistory(ctx, tx, { orderId: row.id, action: 'delete', party: 'producer', from: stateOf(locked), to: null });
  },

  async detail(ctx, db, row) {
    const parties = partiesOf(row, ctx.session?.enterpriseIds ?? null);
    return {
      ...row,
      lines: await readLines(ctx, db, row.id),
      history: await readHistory(db, row.id),
      parties,
      moves: allowedMoves(stateOf(row), parties, (p) => ctx.isGranted(p)),
      partyEnterprises: await partyEnterprises(db, row),
    };
  },

  listConditions(ctx, input) {
    const wastecodeId = input.optionalInt('WastecodeId', { min: 1 });
    const byCode = wastecodeId === undefined ? [] : [
      sql`exists (select 1 from transfer_order_line l where l.order_id = t.id and l.wastecode_id = ${wastecodeId} and not l.is_deleted)`];
    return [...byCode, ...partyListConditions(ctx, input)];
  },

  // The lines' waste code is not in the counts rollup; every other filter of the list is.
  listCount(ctx, input, filters, scope) {
    if (input.optionalInt('WastecodeId', { min: 1 }) !== undefined) return null;
    return countFromRollup(filters, scope, partyListConditions(ctx, input));
  },
};

/** The C/S list of a linked user as a condition on the parties of alias `t` (rows or counts rollup). */
function partyListConditions(ctx: ServiceContext, input: Input): Sql[] {
  const list = input.optionalString('List', 1)?.toUpperCase();
  if (list !== undefined && list !== 'C' && list !== 'S') throw errors.invalid(ctx.language, 'list', translate(ctx.language, 'validation.pattern', { field: 'List' }));
  const mine = ctx.session?.enterpriseIds;
  return list && mine ? [listCondition(list, mine)] : [];
}

/**
 * What the printed manifest shows of each party (phone, licence, address), by enterprise id: every party of an order
 * reads it here, while the enterprise records themselves may be outside a clerk's screens.
 */
async function partyEnterprises(db: Db, order: Row): Promise<Record<number, Row>> {
  const rows = await db.query<Row>(
    `select id, name, credit_code as "creditCode", region_name as "regionName", address, contact_person as "contactPerson",
            contact_phone as "contactPhone", license_number as "licenseNumber"
       from enterprise_information where id = any($1::bigint[])`, [[order.producerId, order.transporterId, order.receiverId].map(Number)]);
  return Object.fromEntries(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

/** C: orders my enterprises consigned or carry; S: orders addressed to my enterprises to sign. */
function listCondition(list: 'C' | 'S', enterpriseIds: readonly number[]): Sql {
  const ids = sql`${[...enterpriseIds]}::bigint[]`;
  return list === 'C' ? sql`(t.producer_id = any(${ids}) or t.transporter_id = any(${ids}))` : sql`t.receiver_id = any(${ids})`;
}

/** The checks' warnings a write of an order answered with (see the afterWrite hook). */
const warningsIn = (written: Row): Warning[] => (Array.isArray(written.warnings) ? written.warnings : []);

async function createOrder(ctx: ServiceContext, tx: Db, input: Input): Promise<{ row: Row; warnings: Warning[] }> {
  const key = input.optionalString('requestKey', 64)?.trim() || null;
  if (key) {
    // The same key twice (a double click, a retried request) waits for the first and answers its order.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`transfer-order:${ctx.tenantId ?? 0}:${key}`]);
    const found = await tx.query<{ id: number }>(
      'select id from transfer_order where coalesce(tenant_id, 0) = $1 and request_key = $2', [ctx.tenantId ?? 0, key]);
    if (found[0]) return { row: await orders(ctx).detail(ctx, tx, Number(found[0].id)), warnings: [] };
  }
  const created = await orders(ctx).create(ctx, tx, input, {
    manifestNo: await nextManifestNo(tx, ctx.tenantId, ctx.calendar.today()), declarantName: await declarantName(ctx, tx), totalQuantity: 0,
  });
  if (key) await tx.query('update transfer_order set request_key = $2 where id = $1', [created.id, key]);
  return { row: await orders(ctx).detail(ctx, tx, created.id), warnings: warningsIn(created) };
}

/** Carries a dry run's outcome out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly result: CheckResult) {
    super('dry run');
  }
}

/** Runs the real create or edit, then rolls it back: the form learns every error and warning before submitting. */
async function checkOrder(ctx: ServiceContext, input: Input): Promise<CheckResult> {
  try {
    await ctx.db.transaction(async (tx) => {
      const written = input.has('id')
        ? await orders(ctx).update(ctx, tx, input)
        : await orders(ctx).create(ctx, tx, input, { manifestNo: 'CHECK', declarantName: null, totalQuantity: 0 });
      throw new DryRun({ errors: [], warnings: warningsIn(written) });
    });
  } catch (error) {
    if (error instanceof DryRun) return error.result;
    if (error instanceof AppError && error.status === 400 && error.validationErrors) return { errors: error.validationErrors, warnings: [] };
    throw error;
  }
  throw new Error('unreachable: a dry run always rolls back');
}

export function registerOrderMethods(registry: AppServiceRegistry): void {
  const access = { anyOf: [transferorder.permission] };
  const parameters = [...ORDER_FIELDS.filter((n) => !transferorder.fields[n].managed), LINES, 'requestKey'];
  registry.add({
    service: transferorder.name, method: 'AddProductionWaste', verb: 'POST', access, parameters,
    summary: 'Declare a transfer order with its lines in one transaction; answers the order and the checks\' warnings',
    async handler(ctx, input) {
      const { row, warnings } = await ctx.db.transaction((tx) => createOrder(ctx, tx, input));
      return { ...row, warnings };
    },
  });
  registry.add({
    service: transferorder.name, method: 'CheckProductionWaste', verb: 'POST', access, parameters: ['id', ...parameters],
    summary: 'The errors and warnings a declaration (or, with id, an edit) would meet; nothing is written',
    handler: (ctx, input) => checkOrder(ctx, input),
  });
}
