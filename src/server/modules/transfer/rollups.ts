// Reading the transfer rollups, kept by triggers in the transaction of every order and line write, so they read like
// the orders themselves. Party rows (all three parties in the key) answer users linked to enterprises, who only ever
// read their slice; tenant rows (no party triple) answer tenant-wide readers in a few thousand rows.
//   transfer_order_counts  live orders per planned day, parties and statuses (the list's exact total)
//   transfer_order_tonnes  tonnes per planned day, parties, waste code and disposal method
//   transfer_order_months  the same per planned month;  transfer_tenant_months  per month, producer, code, method
//   transfer_order_stages  orders and tonnes per parties and statuses over all dates
//   transfer_tenant_days   orders and tonnes per planned day and statuses for the whole tenant
import { transferorder } from '../../../shared/resources';
import { enterpriseCondition, type Scope } from '../../crud/scope';
import { filterConditions, type ListFilters } from '../../crud/list-filters';
import { and, raw, sql, type Sql } from '../../crud/sql';
import { tenantKey } from '../../db/tenant-key';

export const COUNTS = raw('transfer_order_counts');
export const TONNES = raw('transfer_order_tonnes');
export const STAGES = raw('transfer_order_stages');
export const TENANT_DAYS = raw('transfer_tenant_days');

/**
 * Rollup rows the caller may see under `alias`: the tenant's, and for a user linked to enterprises those of orders one
 * of whose parties is theirs. The rollups keep all three parties, so the orders' own scope rule reads them unchanged.
 */
export function rollupScope(alias: string, scope: Scope): Sql[] {
  const conditions = [sql`${raw(alias)}.tenant_key = ${tenantKey(scope.tenantId)}`];
  const owner = enterpriseCondition(transferorder, alias, scope);
  if (owner) conditions.push(owner);
  return conditions;
}

/**
 * The month rollup the caller reads, as `table alias` with the rows' conditions: the tenant rows (which keep the
 * producer, the waste code and the disposal method) for a tenant-wide reader, the party rows under the scope rule for
 * a linked user.
 */
export function monthRollup(alias: string, scope: Scope): { from: Sql; where: Sql } {
  const table = raw(scope.enterpriseIds === null ? 'transfer_tenant_months' : 'transfer_order_months');
  return { from: sql`${table} ${raw(alias)}`, where: and(rollupScope(alias, scope)) };
}

/** Filters the counts rollup keeps besides the planned date: the parties and the statuses. */
const COUNTED_FIELDS: ReadonlySet<string> = new Set(['producerId', 'transporterId', 'receiverId', 'declareStatus', 'dispatchStatus', 'signStatus']);

/**
 * The transfer list's exact total from the counts rollup, when every filter of the request is one the rollup keeps
 * (parties, statuses, planned-date range, the caller's enterprises, the C/S lists); null otherwise (a keyword, a waste
 * code), and the list counts its rows. The rollup is aliased `t` like the list's rows, so the list's own conditions
 * apply to it word for word.
 */
export function countFromRollup(filters: ListFilters, scope: Scope, conditions: readonly Sql[]): Sql | null {
  const answerable = filters.keyword === undefined
    && [...filters.equal.keys()].every((field) => COUNTED_FIELDS.has(field))
    && filters.ranges.every((range) => range.field === 'plannedDate');
  if (!answerable) return null;
  const where = and([...rollupScope('t', scope), ...filterConditions(transferorder, filters), ...conditions]);
  // Without a date range the all-dates rollup answers from a row per parties and statuses instead of one per day.
  const table = filters.ranges.length > 0 ? COUNTS : STAGES;
  return sql`select coalesce(sum(t.orders), 0)::int as count from ${table} t where ${where}`;
}
