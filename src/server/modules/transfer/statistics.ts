import { translate } from '../../../shared/locales';
import { inventory, transferorder } from '../../../shared/resources';
import { scopeOf, type Scope } from '../../crud/scope';
import { and, raw, sql, type Sql } from '../../crud/sql';
import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import { declareStatus } from '../../../shared/enums';
import { COUNTS, monthRollup, rollupScope, TENANT_DAYS, TONNES } from './rollups';

const GRANULARITIES = ['day', 'week', 'month'] as const;
type Granularity = (typeof GRANULARITIES)[number];
const MAX_PERIODS = 400;

function optionalDate(ctx: RequestContext, input: Input, name: string): string | undefined {
  const value = input.optionalString(name, 30)?.slice(0, 10);
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw errors.invalid(ctx.language, name.charAt(0).toLowerCase() + name.slice(1), translate(ctx.language, 'validation.date', { field: name }));
  }
  return value;
}

/** The first day of `day`'s month, and whether `day` is the last of its month. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
const isMonthEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).getUTCDate() === 1;

/** Rollup rows (alias `r`) the caller may see, of one producer when asked, with `column` within [start, end]. */
function rollupConditions(scope: Scope, column: string, producerId: number | undefined, start?: string, end?: string): Sql {
  const conditions = rollupScope('r', scope);
  if (producerId !== undefined) conditions.push(sql`r.producer_id = ${producerId}`);
  if (start) conditions.push(sql`${raw(`r.${column}`)} >= ${start}::date`);
  if (end) conditions.push(sql`${raw(`r.${column}`)} <= ${end}::date`);
  return and(conditions);
}

/**
 * Tonnes declared and received per waste code from the rollups: the month rows when the range is whole months (as
 * the big-data screen asks), the day rows otherwise.
 */
function wasteTotals(scope: Scope, producerId: number | undefined, start?: string, end?: string): Sql {
  if ((!start || start === monthStart(start)) && (!end || isMonthEnd(end))) {
    const months = monthRollup('r', scope);
    return sql`select r.wastecode_id, r.declared, r.received from ${months.from}
                where ${rollupConditions(scope, 'month', producerId, start, end && monthStart(end))}`;
  }
  return sql`select r.wastecode_id, r.declared, r.received from ${TONNES} r where ${rollupConditions(scope, 'planned_date', producerId, start, end)}`;
}

/**
 * Orders, tonnes declared and tonnes received per planned day (not voided; received on completed manifests): the
 * tenant's day rows for a tenant-wide reader, the party rows of the caller's slice (or the producer's) otherwise.
 */
function dayTotals(scope: Scope, producerId: number | undefined, start: string, end: string): Sql {
  if (scope.enterpriseIds === null && producerId === undefined) {
    const stage = sql`manifest_stage(r.declare_status, r.dispatch_status, r.sign_status)`;
    return sql`select r.planned_date, r.orders, r.quantity as declared, case when ${stage} = 'completed' then r.received else 0 end as received
                 from ${TENANT_DAYS} r
                where ${rollupConditions(scope, 'planned_date', undefined, start, end)} and r.declare_status <> ${declareStatus.voided}`;
  }
  const where = rollupConditions(scope, 'planned_date', producerId, start, end);
  return sql`select r.planned_date, r.orders, 0 as declared, 0 as received from ${COUNTS} r where ${where} and r.declare_status <> ${declareStatus.voided}
             union all
             select r.planned_date, 0, r.declared, r.received from ${TONNES} r where ${where}`;
}

export function registerStatisticsMethods(registry: AppServiceRegistry): void {
  const service = transferorder.name;
  const access = { anyOf: [transferorder.permission, ...transferorder.sharedWith ?? [], 'Pages.BigData' as const] };

  registry.add({
    service, method: 'GetProductionWasteStatistics', verb: 'GET', access, parameters: ['Start', 'End', 'ProducerId'],
    summary: 'Tonnes declared and received per waste code (voided orders left out; received on completed manifests)',
    async handler(ctx, input) {
      const start = optionalDate(ctx, input, 'Start');
      const end = optionalDate(ctx, input, 'End');
      const producerId = input.optionalInt('ProducerId', { min: 1 });
      const items = await ctx.db.query(sql`
        select nullif(t.wastecode_id, 0) as "wastecodeId", w.code as "wastecodeName",
               sum(t.declared)::float8 as quantity, sum(t.received)::float8 as "receivedQuantity"
          from (${wasteTotals(scopeOf(ctx), producerId, start, end)}) t left join waste_code w on w.id = t.wastecode_id
         group by t.wastecode_id, w.code having sum(t.declared) <> 0 or sum(t.received) <> 0
         order by quantity desc, w.code`);
      return { items };
    },
  });

  registry.add({
    service, method: 'GetTransferOrderTimeStatistics', verb: 'GET', access, parameters: ['Start', 'End', 'Granularity', 'ProducerId'],
    summary: 'Orders and tonnes per day, week (from Monday) or month of the planned date, every period listed',
    async handler(ctx, input) {
      const start = optionalDate(ctx, input, 'Start');
      const end = optionalDate(ctx, input, 'End');
      if (!start) throw errors.invalid(ctx.language, 'start', translate(ctx.language, 'validation.required', { field: 'Start' }));
      if (!end) throw errors.invalid(ctx.language, 'end', translate(ctx.language, 'validation.required', { field: 'End' }));
      const granularity = (input.optionalString('Granularity', 10)?.toLowerCase() ?? 'day') as Granularity;
      if (!GRANULARITIES.includes(granularity)) throw errors.invalid(ctx.language, 'granularity', translate(ctx.language, 'validation.pattern', { field: 'Granularity' }));
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
      const periods = granularity === 'day' ? days : granularity === 'week' ? days / 7 : days / 30;
      if (days < 0 || periods > MAX_PERIODS) throw errors.invalid(ctx.language, 'end', translate(ctx.language, 'transferRules.range', { max: MAX_PERIODS }));
      const unit = granularity;
      const producerId = input.optionalInt('ProducerId', { min: 1 });
      const items = await ctx.db.query(
        sql`with buckets as (
           select generate_series(date_trunc(${unit}, ${start}::date), date_trunc(${unit}, ${end}::date), ('1 ' || ${unit})::interval)::date as period),
         totals as (
           select date_trunc(${unit}, d.planned_date)::date as period, sum(d.orders)::int as orders, sum(d.declared) as quantity, sum(d.received) as received
             from (${dayTotals(scopeOf(ctx), producerId, start, end)}) d group by 1)
         select to_char(b.period, 'YYYY-MM-DD') as period, coalesce(t.orders, 0) as "orderCount",
                coalesce(t.quantity, 0)::float8 as quantity, coalesce(t.received, 0)::float8 as "receivedQuantity"
           from buckets b left join totals t on t.period = b.period order by b.period`);
      return { granularity, items };
    },
  });

  registry.add({
    service, method: 'GetInventoryByEfid', verb: 'GET', access: { anyOf: [...access.anyOf, inventory.permission] }, parameters: ['efid'],
    summary: 'Current stock of one enterprise per waste code',
    async handler(ctx, input) {
      const efid = input.requiredInt('efid', { min: 1 });
      const mine = ctx.session?.enterpriseIds;
      if (mine && !mine.includes(efid)) throw errors.notFound(ctx.language, 'EnterpriseInformation', efid);
      const { items } = await ctx.resources.of(inventory).list(ctx, new Input({ enterpriseId: efid, MaxResultCount: 1000, Sorting: 'id asc' }, ctx.language));
      return items;
    },
  });
}
