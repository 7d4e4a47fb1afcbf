import { translate } from '../../../shared/locales';
import { inventory, transferorder } from '../../../shared/resources';
import {
  addDays, addMonths, daysBetween, firstOfMonth, lastOfMonth, mondayOf, monthOf, type CalendarDate,
} from '../../../shared/time';
import { scopeOf, type Scope } from '../../crud/scope';
import { and, raw, sql, type Sql } from '../../crud/sql';
import { dateParameter, type AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import { declareStatus } from '../../../shared/enums';
import { COUNTS, monthRollup, rollupScope, TENANT_DAYS, TONNES } from './rollups';

const GRANULARITIES = ['day', 'week', 'month'] as const;
type Granularity = (typeof GRANULARITIES)[number];
const MAX_PERIODS = 400;

// Periods are runs of calendar days (planned dates are days of the tenant's calendar, not instants): a week starts on
// Monday, a month on its first day. They are computed here, so no query depends on the database session's zone.
const PERIOD: Record<Granularity, { start(day: CalendarDate): CalendarDate; next(start: CalendarDate): CalendarDate }> = {
  day: { start: (day) => day, next: (start) => addDays(start, 1) },
  week: { start: mondayOf, next: (start) => addDays(start, 7) },
  month: { start: firstOfMonth, next: (start) => addMonths(start, 1) },
};

/** How many periods of `granularity` the days `start`–`end` touch (0 when `end` is earlier). */
function periodCount(granularity: Granularity, start: CalendarDate, end: CalendarDate): number {
  if (end < start) return 0;
  const first = PERIOD[granularity].start(start);
  const last = PERIOD[granularity].start(end);
  if (granularity === 'day') return daysBetween(first, last) + 1;
  if (granularity === 'week') return daysBetween(first, last) / 7 + 1;
  const months = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return months(monthOf(last)) - months(monthOf(first)) + 1;
}

/** The first day of every period of `granularity` from the one holding `start` to the one holding `end`. */
function periodsOf(granularity: Granularity, start: CalendarDate, end: CalendarDate): CalendarDate[] {
  const { start: startOf, next } = PERIOD[granularity];
  const out: CalendarDate[] = [];
  for (let period = startOf(start); period <= end; period = next(period)) out.push(period);
  return out;
}

interface DayTotal {
  day: CalendarDate;
  orders: number;
  quantity: number;
  received: number;
}

/** Tonnes carry three decimals; adding them up in floating point leaves noise beyond those. */
const tonnesOf = (sum: number) => Math.round(sum * 1000) / 1000;

/** Every period with the totals of its days. */
function inPeriods(granularity: Granularity, periods: CalendarDate[], days: DayTotal[]) {
  const byPeriod = new Map<CalendarDate, DayTotal[]>();
  for (const day of days) {
    const period = PERIOD[granularity].start(day.day);
    const within = byPeriod.get(period) ?? [];
    within.push(day);
    byPeriod.set(period, within);
  }
  return periods.map((period) => {
    const within = byPeriod.get(period) ?? [];
    const sum = (pick: (d: DayTotal) => number) => within.reduce((total, d) => total + pick(d), 0);
    return { period, orderCount: sum((d) => d.orders), quantity: tonnesOf(sum((d) => d.quantity)), receivedQuantity: tonnesOf(sum((d) => d.received)) };
  });
}

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
  if ((!start || start === firstOfMonth(start)) && (!end || end === lastOfMonth(end))) {
    const months = monthRollup('r', scope);
    return sql`select r.wastecode_id, r.declared, r.received from ${months.from}
                where ${rollupConditions(scope, 'month', producerId, start, end && firstOfMonth(end))}`;
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
    service, method: 'GetProductionWasteStatistics', verb: 'GET', access, parameters: [dateParameter('Start'), dateParameter('End'), 'ProducerId'],
    summary: 'Tonnes declared and received per waste code (voided orders left out; received on completed manifests)',
    async handler(ctx, input) {
      const start = input.optionalDate('Start');
      const end = input.optionalDate('End');
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
    service, method: 'GetTransferOrderTimeStatistics', verb: 'GET', access, parameters: [dateParameter('Start'), dateParameter('End'), 'Granularity', 'ProducerId'],
    summary: 'Orders and tonnes per day, week (from Monday) or month of the planned date, every period listed; End: the tenant\'s today unless given',
    async handler(ctx, input) {
      const start = input.requiredDate('Start');
      const end = input.optionalDate('End') ?? ctx.calendar.today();
      const granularity = (input.optionalString('Granularity', 10)?.toLowerCase() ?? 'day') as Granularity;
      if (!GRANULARITIES.includes(granularity)) throw errors.invalid(ctx.language, 'granularity', translate(ctx.language, 'validation.pattern', { field: 'Granularity' }));
      const count = periodCount(granularity, start, end);
      if (count === 0 || count > MAX_PERIODS) throw errors.invalid(ctx.language, 'end', translate(ctx.language, 'transferRules.range', { max: MAX_PERIODS }));
      const producerId = input.optionalInt('ProducerId', { min: 1 });
      const days = await ctx.db.query<DayTotal>(sql`
        select d.planned_date as day, sum(d.orders)::int as orders, sum(d.declared)::float8 as quantity, sum(d.received)::float8 as received
          from (${dayTotals(scopeOf(ctx), producerId, start, end)}) d group by d.planned_date`);
      return { granularity, items: inPeriods(granularity, periodsOf(granularity, start, end), days) };
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
