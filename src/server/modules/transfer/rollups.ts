// Reading the transfer rollups (migration 0013): `transfer_order_counts` (live orders per planned day, parties and
// statuses) and `transfer_order_tonnes` (tonnes per planned day, parties, waste code and disposal method). Both are
// kept by triggers in the transaction of every order and line write, so they read like the orders themselves.
import { transferorder } from '../../../shared/resources';
import { enterpriseCondition, type Scope } from '../../crud/scope';
import { filterConditions, type ListFilters } from '../../crud/list-filters';
import { and, raw, sql, type Sql } from '../../crud/sql';
import { tenantKey } from '../../db/tenant-key';

export const COUNTS = raw('transfer_order_counts');
export const TONNES = raw('transfer_order_tonnes');

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
  return sql`select coalesce(sum(t.orders), 0)::int as count from ${COUNTS} t where ${where}`;
}
