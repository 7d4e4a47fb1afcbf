import type { Db } from '../../db/database';
import { sql, tenantCondition } from '../../crud/sql';
import { declareStatus, dispatchStatus, signStatus } from '../../../shared/enums';
import { epochOf, instantValue, type InstantText } from '../../time';

/** How far back a transfer or a warehouse movement explains a drop in a storage point's weight: 24 hours. */
const EXPLAIN_WINDOW_MS = 24 * 3600_000;

interface ExplainQuery {
  tenantId: number | null;
  /** The storage point's enterprise, as producer or warehouse. */
  enterpriseId: number;
  wastecodeId: number | null;
  /** The instant of the earliest drop to explain. */
  since: InstantText;
}

/**
 * The latest movement that can explain a drop of the storage point's waste: null when none. A drop at time T is
 * explained when this is at or after T − 24 h (every movement found is before now, so "the latest" decides).
 *
 * The rule (decided for this product, tested both ways in test/server/monitoring-rules.test.ts):
 *  - a transfer order with the storage point's enterprise as producer and a live line of the point's waste code,
 *    not voided, whose car was dispatched or which the receiver agreed (waste leaves the site only then), and which
 *    was created or moved (its history) within the window; or
 *  - a warehouse receipt of that enterprise and code recorded within the window: the waste went from the container
 *    into the enterprise's own store, and the receipt says so.
 * Quantities are not compared: a pickup empties several containers under one order line, in tonnes weighed at the
 * receiver, so a line's quantity says little about one container. A drop with no such movement at all is what a
 * supervisor must chase.
 */
export async function latestExplainingMovement(db: Db, q: ExplainQuery): Promise<InstantText | null> {
  if (q.wastecodeId === null) return null;
  const producer = q.enterpriseId;
  const code = q.wastecodeId;
  const from = instantValue(epochOf(q.since) - EXPLAIN_WINDOW_MS);
  const [row] = await db.query<{ latest: InstantText | null }>(
    sql`select greatest(
       (select max(h.creation_time) from transfer_order o
          join transfer_order_history h on h.order_id = o.id
         where ${tenantCondition('o', q.tenantId)} and o.producer_id = ${producer} and not o.is_deleted
           and o.declare_status <> ${declareStatus.voided} and (o.dispatch_status = ${dispatchStatus.dispatched} or o.sign_status = ${signStatus.agreed})
           and exists (select 1 from transfer_order_line l where l.order_id = o.id and l.wastecode_id = ${code} and not l.is_deleted)
           and h.creation_time >= ${from}),
       (select max(r.creation_time) from warehouse_receipt r
         where r.enterprise_id = ${producer} and r.wastecode_id = ${code} and not r.is_deleted
           and ${tenantCondition('r', q.tenantId)} and r.creation_time >= ${from})) as latest`);
  return row?.latest ?? null;
}

export const explainsDrop = (latest: InstantText | null, dropAt: InstantText): boolean =>
  latest !== null && epochOf(latest) >= epochOf(dropAt) - EXPLAIN_WINDOW_MS;
