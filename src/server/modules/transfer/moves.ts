import { translate } from '../../../shared/locales';
import { transferorder, warehousereceipt } from '../../../shared/resources';
import type { Party, TransferActionName, Transition } from '../../../shared/transfer/machine';
import { PARTIES, SIGNEE_FIELD } from '../../../shared/transfer/machine';
import { nestedInput, type ServiceContext } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import type { FieldValue } from '../../crud/validation';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { recordInventoryChanged } from '../inventory/live';
import { moveStock } from '../inventory/stock';
import { authorizeMove, checkVersion, lockOrder, movedState, orders } from './guard';
import { recordHistory, stateOf } from './history';
import { LINES, quantitiesOf, readLines } from './lines';
import { recordOf } from '../../../shared/json';
import type { TextsOf } from '../../../shared/locales';

interface MoveOutcome {
  fields?: Record<string, FieldValue>;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  /** Enterprises whose stock the move changed. */
  stock?: number[];
}

type MoveWork = (tx: Db, order: Row, transition: Transition) => Promise<MoveOutcome>;

/**
 * One move of the state machine in one transaction: lock the order, refuse a stale version (409) or a move the table
 * does not allow now (400), do the move's own work, set the statuses and count the version up, append the history
 * with its live event (and the stock's, when the move changed stock): the enterprises hear of it once it commits.
 */
async function runMove(ctx: ServiceContext, input: Input, action: TransferActionName, work: MoveWork, party?: Party): Promise<Row> {
  const id = input.requiredInt('Id', { min: 1 });
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(ctx, tx, id);
    checkVersion(ctx, order, input);
    const transition = authorizeMove(ctx, order, action, party);
    const outcome = await work(tx, order, transition);
    const next = movedState(order, transition);
    await orders(ctx).setFields(ctx, tx, id, { ...outcome.fields, ...next });
    await recordHistory(ctx, tx, {
      orderId: id, action, party: transition.party, from: stateOf(order), to: stateOf({ ...next }),
      reason: outcome.reason ?? null, before: outcome.before, after: outcome.after,
    });
    await recordInventoryChanged(ctx, tx, outcome.stock ?? []);
    return orders(ctx).detail(ctx, tx, id);
  });
}

const optionalReason = (ctx: ServiceContext, input: Input, name: string) => input.optionalString(name, 500)?.trim() || null;

function idList(ctx: ServiceContext, input: Input, name: string): number[] {
  const raw = input.get(name);
  const list = Array.isArray(raw) ? raw : [];
  const ids = list.map(Number);
  if (ids.length === 0 || ids.length > 10 || !ids.every((v) => Number.isSafeInteger(v) && v > 0)) {
    throw errors.invalid(ctx.language, name, translate(ctx.language, 'validation.required', { field: name }));
  }
  return [...new Set(ids)];
}

/** Vehicles and drivers of the order's transporter, with permits and licences valid today (the tenant's day). */
async function checkCrew(ctx: ServiceContext, tx: Db, order: Row, vehicleIds: number[], driverIds: number[]): Promise<void> {
  const today = ctx.calendar.today();
  const problems: ValidationErrorInfo[] = [];
  const vehicles = await tx.query<{ id: number; enterprise_id: number; plate_number: string; permit_number: string | null; permit_expiry: string | null }>(
    `select id, enterprise_id, plate_number, permit_number, permit_expiry from vehicle_information
      where id = any($1::bigint[]) and tenant_id is not distinct from $2 and not is_deleted`, [vehicleIds, ctx.tenantId]);
  const drivers = await tx.query<{ id: number; enterprise_id: number; name: string; license_expiry: string | null; qualification_number: string | null; qualification_expiry: string | null }>(
    `select id, enterprise_id, name, license_expiry, qualification_number, qualification_expiry from driver
      where id = any($1::bigint[]) and tenant_id is not distinct from $2 and not is_deleted`, [driverIds, ctx.tenantId]);
  const fail = (member: string, key: keyof TextsOf<'transferRules'>, name: string) => problems.push({ message: translate(ctx.language, `transferRules.${key}`, { name }), members: [member] });
  const transporter = Number(order.transporterId);
  for (const id of vehicleIds) {
    const v = vehicles.find((row) => Number(row.id) === id);
    if (!v) problems.push({ message: translate(ctx.language, 'validation.reference', { field: 'vehicleIds' }), members: ['vehicleIds'] });
    else if (Number(v.enterprise_id) !== transporter) fail('vehicleIds', 'vehicleNotTransporter', v.plate_number);
    else if (!v.permit_number?.trim() || (v.permit_expiry !== null && v.permit_expiry < today)) fail('vehicleIds', 'vehiclePermit', v.plate_number);
  }
  for (const id of driverIds) {
    const d = drivers.find((row) => Number(row.id) === id);
    if (!d) problems.push({ message: translate(ctx.language, 'validation.reference', { field: 'driverIds' }), members: ['driverIds'] });
    else if (Number(d.enterprise_id) !== transporter) fail('driverIds', 'driverNotTransporter', d.name);
    else if (!d.qualification_number?.trim() || [d.license_expiry, d.qualification_expiry].some((e) => e !== null && e < today)) {
      fail('driverIds', 'driverPermit', d.name);
    }
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
}

/** `lines: [{id, receivedQuantity}]`, every line of the order when `all`; quantities in tonnes, 0 … 100,000. */
function receivedQuantities(ctx: ServiceContext, input: Input, orderLines: Row[], all: boolean): Map<number, number> {
  const raw = input.get(LINES);
  const given = Array.isArray(raw) ? raw : [];
  const out = new Map<number, number>();
  const problems: ValidationErrorInfo[] = [];
  given.forEach((entry, index) => {
    const line = recordOf(entry);
    const id = Number(line.id ?? line.Id);
    const quantity = Number(line.receivedQuantity ?? line.ReceivedQuantity);
    if (!orderLines.some((l) => l.id === id)) {
      problems.push({ message: translate(ctx.language, 'transferRules.unknownLine', { id: String(line.id) }), members: [`${LINES}[${index}].id`] });
    } else if (line.receivedQuantity === null || line.receivedQuantity === undefined || !Number.isFinite(quantity) || quantity < 0 || quantity > 100000) {
      problems.push({ message: translate(ctx.language, 'validation.number', { field: 'receivedQuantity' }), members: [`${LINES}[${index}].receivedQuantity`] });
    } else out.set(id, Math.round(quantity * 1000) / 1000);
  });
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  if (all && orderLines.some((l) => !out.has(l.id))) throw errors.invalid(ctx.language, LINES, translate(ctx.language, 'transferRules.receivedLines'));
  return out;
}

/**
 * Agreeing moves the waste: out of the producer's stock (the declared quantity per code: refused if short), into
 * the receiver's as one warehouse receipt per line with its received quantity, dated the tenant's day of the reception.
 */
async function receive(ctx: ServiceContext, tx: Db, order: Row, orderLines: Row[]): Promise<void> {
  const out = new Map<number, number>();
  for (const line of orderLines) out.set(Number(line.wastecodeId), (out.get(Number(line.wastecodeId)) ?? 0) + Number(line.quantity));
  for (const [wastecodeId, quantity] of out) {
    await moveStock(ctx, tx, { enterpriseId: Number(order.producerId), wastecodeId, delta: -quantity, member: LINES });
  }
  const receipts = ctx.resources.of(warehousereceipt);
  for (const line of orderLines) {
    const received = Number(line.receivedQuantity);
    if (!(received > 0)) continue;
    await receipts.create(ctx, tx, nestedInput({
      enterpriseId: order.receiverId, wastecodeId: line.wastecodeId, quantity: received, receiptDate: ctx.calendar.today(),
      remarks: `${String(order.manifestNo)} ${String(line.wasteName ?? '')}`.trim(),
    }, ctx), { source: 2, transferOrderId: order.id });
  }
}

export function registerMoveMethods(registry: AppServiceRegistry): void {
  const service = transferorder.name;
  const anyParty = { anyOf: [transferorder.permission, ...transferorder.sharedWith ?? []] };

  registry.add({
    service, method: 'Updatedeclarestatus', verb: 'PUT', access: anyParty, parameters: ['id', 'version', 'declareStatus', 'reason'],
    summary: 'Void (declareStatus 2) an order not yet agreed, or resubmit (0) a returned one',
    handler(ctx, input) {
      const to = input.requiredInt('declareStatus');
      if (to !== 0 && to !== 2) throw errors.invalid(ctx.language, 'declareStatus', translate(ctx.language, 'transferRules.declareValue'));
      return runMove(ctx, input, to === 2 ? 'void' : 'resubmit', async () => ({ reason: optionalReason(ctx, input, 'reason') }));
    },
  });

  registry.add({
    service, method: 'UpdatedTransferOrderVehicles', verb: 'PUT', access: anyParty, parameters: ['id', 'version', 'vehicleIds', 'driverIds'],
    summary: 'Dispatch (or reassign until reception) vehicles and drivers of the transporter',
    handler(ctx, input) {
      const vehicleIds = idList(ctx, input, 'vehicleIds');
      const driverIds = idList(ctx, input, 'driverIds');
      return runMove(ctx, input, 'dispatch', async (tx, order) => {
        await checkCrew(ctx, tx, order, vehicleIds, driverIds);
        return {
          fields: { vehicleIds, driverIds },
          before: { vehicleIds: order.vehicleIds, driverIds: order.driverIds }, after: { vehicleIds, driverIds },
        };
      });
    },
  });

  registry.add({
    service, method: 'UpdateTransferOrderReception', verb: 'PUT', access: anyParty,
    parameters: ['id', 'version', 'signStatus', 'returnReason', LINES],
    summary: 'The receiver agrees (signStatus 1, received quantity of every line) or returns (2, with a reason)',
    handler(ctx, input) {
      const to = input.requiredInt('signStatus');
      if (to !== 1 && to !== 2) throw errors.invalid(ctx.language, 'signStatus', translate(ctx.language, 'transferRules.signValue'));
      const agree = to === 1;
      const reason = optionalReason(ctx, input, 'returnReason');
      if (!agree && !reason) throw errors.invalid(ctx.language, 'returnReason', translate(ctx.language, 'transferRules.returnReason'));
      return runMove(ctx, input, agree ? 'agree' : 'return', async (tx, order) => {
        const before = await readLines(ctx, tx, order.id);
        const received = receivedQuantities(ctx, input, before, agree);
        for (const [id, quantity] of received) {
          await tx.query('update transfer_order_line set received_quantity = $2, last_modification_time = now() where id = $1', [id, quantity]);
        }
        const after = await readLines(ctx, tx, order.id);
        if (agree) await receive(ctx, tx, order, after);
        return {
          fields: agree ? undefined : { returnReason: reason }, reason,
          before: { lines: quantitiesOf(before) }, after: { lines: quantitiesOf(after) },
          stock: agree ? [Number(order.producerId), Number(order.receiverId)] : [],
        };
      });
    },
  });

  registry.add({
    service, method: 'UpdateSigneeimg', verb: 'PUT', access: anyParty, parameters: ['id', 'version', 'fileId', 'party'],
    summary: 'Attach the signee image of the caller\'s party at its step (upload it first with UploadFile, field <party>Signee)',
    async handler(ctx, input) {
      const fileId = input.requiredInt('fileId', { min: 1 });
      const named = input.optionalString('party', 16);
      if (named !== undefined && !PARTIES.includes(named as Party)) throw errors.invalid(ctx.language, 'party', translate(ctx.language, 'validation.pattern', { field: 'party' }));
      return runMove(ctx, input, 'sign', async (tx, _order, transition) => {
        const files = await tx.query('select 1 from stored_files where id = $1 and tenant_id is not distinct from $2 and not is_deleted and content_type like \'image/%\'',
          [fileId, ctx.tenantId]);
        if (files.length === 0) throw errors.invalid(ctx.language, 'fileId', translate(ctx.language, 'transferRules.signeeFile'));
        return { fields: { [SIGNEE_FIELD[transition.party]]: [fileId] }, after: { fileId } };
      }, named as Party | undefined);
    },
  });
}
