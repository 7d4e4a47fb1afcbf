import { exchangeHoldState, pointsAccountKind, pointsReason } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import { bhusers } from '../../../shared/resources';
import { areaCondition, scopeOf } from '../../crud/scope';
import { pagedList } from '../../crud/paging';
import { sql, tenantCondition } from '../../crud/sql';
import type { Db } from '../../db/database';
import { dateParameter, type AppServiceRegistry } from '../../http/app-services';
import { AppError, errors } from '../../http/errors';
import { addDays } from '../../../shared/time';
import { instantValue } from '../../time';
import { post, REQUEST_ID } from './ledger';
import type { Reconciliation } from '../../../shared/recycling';

const SERVICE = 'Integral';
const READ = { anyOf: ['Pages.Integral' as const] };
const ADJUST = { anyOf: ['Pages.Integral.Adjust' as const] };

/** A household's entries, newest first, with what they were for. */
const ENTRIES = sql`select e.id, e.posting_id as "postingId", e.household_id as "householdId", h.name as "householdName",
    h.card_no as "cardNo", e.amount, e.balance_after as "balanceAfter", p.reason, p.remark, p.request_id as "requestId",
    p.record_id as "recordId", p.rule_id as "ruleId", p.rule_version as "ruleVersion", p.reverses_id as "reversesId",
    p.operator_user_id as "operatorUserId", p.creation_time as "creationTime"
  from points_entries e join points_postings p on p.id = e.posting_id join scheme_user h on h.id = e.household_id`;

/**
 * Proves, over the tenant's whole ledger, that household balances are the sums of their entries, that every posting
 * balances and so do the books, and that the scheme's accounts agree with the holds: points held are those of holds
 * still waiting, points redeemed those of holds dispensed.
 */
export async function reconcile(db: Db, tenantId: number | null): Promise<Reconciliation> {
  const [row] = await db.query<Record<keyof Reconciliation, number | string>>(sql`
    with h as (
      select s.points, coalesce(sum(e.amount), 0) as total from scheme_user s left join points_entries e on e.household_id = s.id
       where ${tenantCondition('s', tenantId)} group by s.id, s.points),
    a as (
      select a.kind, coalesce(sum(e.amount), 0) as total from points_accounts a left join points_entries e on e.account_id = a.id
       where ${tenantCondition('a', tenantId)} group by a.id, a.kind),
    x as (
      select coalesce(sum(x.points) filter (where x.state = ${exchangeHoldState.held}), 0) as held,
             coalesce(sum(x.points) filter (where x.state = ${exchangeHoldState.dispensed}), 0) as dispensed
        from exchange_hold x where ${tenantCondition('x', tenantId)}),
    p as (select e.posting_id, sum(e.amount) as total from points_entries e where ${tenantCondition('e', tenantId)} group by e.posting_id)
    select (select count(*) from h)::int as households, (select count(*) from a)::int as accounts, (select count(*) from p)::int as postings,
           (select count(*) from h where points <> total)::int as "householdsOff",
           ((select coalesce(sum(total), 0) from a where kind = ${pointsAccountKind.holds}) <> (select held from x))::int
             + ((select coalesce(sum(total), 0) from a where kind = ${pointsAccountKind.redeemed}) <> (select dispensed from x))::int as "accountsOff",
           (select count(*) from p where total <> 0)::int as "unbalancedPostings",
           ((select count(*) from h where points < 0) + (select count(*) from a where total < 0 and kind <> ${pointsAccountKind.pool}))::int as "negativeBalances",
           ((select coalesce(sum(points), 0) from h) + (select coalesce(sum(total), 0) from a))::bigint as "booksTotal"`);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as Reconciliation;
}

export function registerPoints(registry: AppServiceRegistry): void {
  registry.add({
    service: SERVICE, method: 'GetAll', verb: 'GET', access: READ,
    parameters: ['HouseholdId', 'Reason', dateParameter('From'), dateParameter('To'), 'Keyword', 'SkipCount', 'MaxResultCount', 'Sorting'],
    summary: 'Ledger entries of the households the caller may see, newest first',
    async handler(ctx, input) {
      const where = [tenantCondition('e', ctx.tenantId)];
      const inAreas = areaCondition(bhusers, 'h', scopeOf(ctx), 'read');
      if (inAreas) where.push(inAreas);
      const household = input.optionalInt('HouseholdId', { min: 1 });
      if (household !== undefined) where.push(sql`e.household_id = ${household}`);
      const reason = input.optionalInt('Reason', { min: 1, max: 99 });
      if (reason !== undefined) where.push(sql`p.reason = ${reason}`);
      // From and To are days of the tenant's calendar, both included: the instants from the start of From to the end of To.
      const from = input.optionalDate('From');
      if (from !== undefined) where.push(sql`p.creation_time >= ${instantValue(ctx.calendar.startOf(from))}`);
      const to = input.optionalDate('To');
      if (to !== undefined) where.push(sql`p.creation_time < ${instantValue(ctx.calendar.startOf(addDays(to, 1)))}`);
      return pagedList(ctx.db, input, ctx.language, {
        select: ENTRIES,
        from: sql`from points_entries e join points_postings p on p.id = e.posting_id join scheme_user h on h.id = e.household_id`,
        where, searchable: ['h.name', { column: 'h.card_no', whole: true }, 'p.remark'],
        sortable: { creationTime: 'p.creation_time', amount: 'e.amount', id: 'e.id' }, defaultSorting: 'creationTime desc', idColumn: 'e.id',
      });
    },
  });

  registry.add({
    service: SERVICE, method: 'IncreasePointsOpt', verb: 'POST', access: ADJUST,
    parameters: ['householdId', 'points', 'remark', 'requestId'],
    summary: 'Adjusts a household’s points by hand (negative to take points away), once per request id, with a reason',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const householdId = input.requiredInt('householdId', { min: 1 });
      const points = input.requiredInt('points', { min: -1_000_000, max: 1_000_000 });
      if (points === 0) throw errors.invalid(ctx.language, 'points', translate(ctx.language, 'validation.required', { field: 'points' }));
      const remark = input.requiredString('remark', 200);
      const requestId = input.requiredString('requestId', 64);
      if (!REQUEST_ID.test(requestId)) throw errors.invalid(ctx.language, 'requestId', translate(ctx.language, 'validation.pattern', { field: 'requestId' }));
      await ctx.resources.of(bhusers).getToChange(ctx, tx, householdId);
      return post(ctx, tx, {
        requestId, origin: 'caller', reason: pointsReason.adjustment, remark,
        legs: [{ household: householdId, amount: points }, { account: pointsAccountKind.pool, amount: -points }],
      });
    }),
  });

  registry.add({
    service: SERVICE, method: 'GetReconciliation', verb: 'GET', access: READ,
    summary: 'Proves over the whole ledger that every balance equals the sum of its entries and that the books balance',
    handler: (ctx) => {
      // The books are the tenant's and their figures count every household: a user linked to areas checks none of them.
      if (scopeOf(ctx).areas !== null) throw new AppError(403, translate(ctx.language, 'errors.booksOfTheTenant'), null, null, true);
      return reconcile(ctx.db, ctx.tenantId);
    },
  });
}
