import type { TransferChangedPayload } from '../../../shared/live/events';
import type { Party, OrderState, TransferActionName } from '../../../shared/transfer/machine';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { recordEvents } from '../events';

type HistoryAction = TransferActionName | 'create';

interface HistoryEntry {
  orderId: number;
  action: HistoryAction;
  party: Party | null;
  from: OrderState | null;
  to: OrderState | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export const stateOf = (row: Record<string, unknown>): OrderState => ({
  declareStatus: Number(row.declareStatus), dispatchStatus: Number(row.dispatchStatus), signStatus: Number(row.signStatus),
});

/**
 * Appends one move to the order's history, in the move's transaction (history rows are never changed), and the
 * `transfer.changed` live event its three enterprises receive once the move commits.
 */
export async function recordHistory(ctx: RequestContext, tx: Db, entry: HistoryEntry): Promise<void> {
  const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
  await tx.query(
    `insert into transfer_order_history (tenant_id, order_id, action, party, user_id, user_name, from_state, to_state, reason, before_values, after_values)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::jsonb, $11::jsonb)`,
    [ctx.tenantId, entry.orderId, entry.action, entry.party, ctx.session?.userId ?? null, ctx.session?.userName ?? null,
      json(entry.from), json(entry.to), entry.reason ?? null, json(entry.before), json(entry.after)]);
  const [order] = await tx.query<{
    manifest_no: string; version: number; declare_status: number; dispatch_status: number; sign_status: number;
    producer_id: number; transporter_id: number; receiver_id: number; planned_date: string; total_quantity: number; received: number | null;
  }>(
    `select manifest_no, version, declare_status, dispatch_status, sign_status, producer_id, transporter_id, receiver_id,
            planned_date, coalesce(total_quantity, 0)::float8 as total_quantity,
            (select sum(l.received_quantity)::float8 from transfer_order_line l where l.order_id = o.id and not l.is_deleted) as received
       from transfer_order o where id = $1`, [entry.orderId]);
  const parties = [order.producer_id, order.transporter_id, order.receiver_id].map(Number);
  const payload: TransferChangedPayload = {
    id: entry.orderId, manifestNo: order.manifest_no, action: entry.action, party: entry.party, from: entry.from, to: entry.to,
    version: Number(order.version), declareStatus: Number(order.declare_status), dispatchStatus: Number(order.dispatch_status),
    signStatus: Number(order.sign_status), producerId: parties[0], transporterId: parties[1], receiverId: parties[2],
    plannedDate: order.planned_date, totalQuantity: Number(order.total_quantity),
    receivedQuantity: order.received === null ? null : Number(order.received),
    userName: ctx.session?.userName ?? null,
  };
  await recordEvents(ctx, tx, [{ type: 'transfer.changed', topic: 'transfer', enterpriseIds: parties, payload }]);
}

export function readHistory(db: Db, orderId: number): Promise<Record<string, unknown>[]> {
  return db.query(
    `select id, action, party, user_id as "userId", user_name as "userName", creation_time as "creationTime",
            from_state as "fromState", to_state as "toState", reason, before_values as "beforeValues", after_values as "afterValues"
       from transfer_order_history where order_id = $1 order by id`, [orderId]);
}
