/**
 * The scheme's figures, over the records and households the caller may see (their areas) and a period of days of the
 * tenant's calendar, both ends included: a record counts on the tenant's day of its instant. A rejected record counts
 * for nothing; a pending one counts as taking part.
 */
import type { RecyclingFigures } from '../../../shared/bigdata';
import { recordAudit, rubbishType1, schemeUserStatus } from '../../../shared/enums';
import { PARTICIPATION_DAYS, POINTS_ISSUED_REASONS, POINTS_REDEEMED_REASONS } from '../../../shared/recycling';
import { translate } from '../../../shared/locales';
import { bhusers, collector, rblist } from '../../../shared/resources';
import { addDays, addMonths, firstOfMonth, lastOfMonth, type CalendarDate } from '../../../shared/time';
import { pagedList } from '../../crud/paging';
import { areaCondition, scopeOf } from '../../crud/scope';
import { and, join, raw, sql, tenantCondition, type Sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import { dateParameter, type AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';
import type { Input } from '../../http/input';
import { dayIn, instantValue, monthIn } from '../../time';

/** Days of the tenant's calendar, both included. */
export interface Period { from: CalendarDate; to: CalendarDate }

/** `From`/`To`, days of the tenant's calendar: by default the 30 days up to the tenant's today. */
export function periodOf(input: Input, ctx: RequestContext): Period {
  const to = input.optionalDate('To') ?? ctx.calendar.today();
  const from = input.optionalDate('From') ?? addDays(to, -29);
  if (from > to) throw errors.invalid(ctx.language, 'From', translate(ctx.language, 'recycling.periodReversed'));
  return { from, to };
}

/** `column` within the instants of the period's days, as a half-open range of instants (so that time indexes serve). */
function within(column: Sql, ctx: RequestContext, period: Period): Sql {
  const { start, end } = ctx.calendar.span(period.from, period.to);
  return sql`${column} >= ${instantValue(start)} and ${column} < ${instantValue(end)}`;
}

/**
 * A record that counts: live and not rejected. Written as literals, not parameters, so that the planner can use the
 * partial index of households' records that has the same condition.
 */
const counts = (alias: string) => raw(`not ${alias}.is_deleted and ${alias}.audit_status <> ${recordAudit.rejected}`);

/** Records that count within the period and the caller's areas. */
function countedRecords(ctx: RequestContext, alias: string, period: Period): Sql {
  const inAreas = areaCondition(rblist, alias, scopeOf(ctx), 'read');
  return and([
    tenantCondition(alias, ctx.tenantId), counts(alias), within(sql`${raw(alias)}.record_time`, ctx, period), ...(inAreas ? [inAreas] : []),
  ]);
}

/** Enrolled households: live, active, within the caller's areas. */
function enrolled(ctx: RequestContext, alias: string): Sql {
  const inAreas = areaCondition(bhusers, alias, scopeOf(ctx), 'read');
  const h = raw(alias);
  return and([tenantCondition(alias, ctx.tenantId), sql`not ${h}.is_deleted`, sql`${h}.status = ${schemeUserStatus.active}`, ...(inAreas ? [inAreas] : [])]);
}

/**
 * Whether household `h` has a counted record in the period. Its latest one (kept on the household) answers at once
 * when it falls in the period or before it; only a household with a later one is looked up in its records.
 */
function tookPart(ctx: RequestContext, h: string, period: Period): Sql {
  const last = sql`${raw(h)}.last_record_time`;
  const { start, end } = ctx.calendar.span(period.from, period.to);
  return sql`(${last} >= ${instantValue(start)} and (${last} < ${instantValue(end)}
    or exists (select 1 from recycling_record r where r.household_id = ${raw(h)}.id and ${countedRecords(ctx, 'r', period)})))`;
}

const LEVELS = {
  qarea: { column: 'qarea_id', table: 'area_district' },
  sarea: { column: 'sarea_id', table: 'area_street' },
  carea: { column: 'carea_id', table: 'area_community' },
  varea: { column: 'varea_id', table: 'area_compound' },
} as const;
type Level = keyof typeof LEVELS;

function levelOf(input: Input, ctx: RequestContext): Level {
  const level = (input.optionalString('Level', 10) ?? 'carea').toLowerCase();
  if (!(level in LEVELS)) throw errors.invalid(ctx.language, 'Level', translate(ctx.language, 'validation.pattern', { field: 'Level' }));
  return level as Level;
}

type Grain = 'day' | 'month';

/** The tenant's day (`YYYY-MM-DD`) or month (`YYYY-MM`) of the instant in `column`. */
const periodIn = (column: Sql, zone: string, grain: Grain): Sql =>
  (grain === 'day' ? sql`to_char(${dayIn(column, zone)}, 'YYYY-MM-DD')` : sql`to_char(${monthIn(column, zone)}, 'YYYY-MM')`);

/** The whole months within a period of days, as [from, until) firsts of months; null when there is none. */
export function wholeMonths(period: Period): { from: CalendarDate; until: CalendarDate } | null {
  const from = period.from === firstOfMonth(period.from) ? period.from : addMonths(firstOfMonth(period.from), 1);
  const until = period.to === lastOfMonth(period.to) ? addMonths(firstOfMonth(period.to), 1) : firstOfMonth(period.to);
  return from < until ? { from, until } : null;
}

function grainOf(input: Input, ctx: RequestContext): Grain {
  const grain = (input.optionalString('Grain', 10) ?? 'day').toLowerCase();
  if (grain !== 'day' && grain !== 'month') throw errors.invalid(ctx.language, 'Grain', translate(ctx.language, 'validation.pattern', { field: 'Grain' }));
  return grain;
}

const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

export interface ParticipationRow { areaId: number; areaName: string; enrolled: number; participating: number; rate: number }

export function registerAnalyses(registry: AppServiceRegistry): void {
  const access = { anyOf: [rblist.permission] };

  registry.add({
    service: rblist.name, method: 'GetRblistParticipation', verb: 'GET', access, parameters: ['Level', dateParameter('From'), dateParameter('To')],
    summary: 'Participation by area: enrolled households, those with at least one record in the period, and the rate',
    async handler(ctx, input) {
      const level = LEVELS[levelOf(input, ctx)];
      const period = periodOf(input, ctx);
      const rows = await ctx.db.query<{ areaId: number; areaName: string; enrolled: number; participating: number }>(sql`
        select a.id as "areaId", a.name as "areaName", count(*)::int as enrolled,
               count(*) filter (where ${tookPart(ctx, 'h', period)})::int as participating
          from scheme_user h join ${raw(level.table)} a on a.id = h.${raw(level.column)}
         where ${enrolled(ctx, 'h')} and h.enrol_date <= ${period.to}::date
         group by a.id, a.name order by a.name, a.id`);
      const items: ParticipationRow[] = rows.map((r) => ({ ...r, areaId: Number(r.areaId), rate: rate(r.participating, r.enrolled) }));
      const total = items.reduce((t, r) => ({ enrolled: t.enrolled + r.enrolled, participating: t.participating + r.participating }), { enrolled: 0, participating: 0 });
      return { ...period, items, total: { ...total, rate: rate(total.participating, total.enrolled) } };
    },
  });

  registry.add({
    service: rblist.name, method: 'GetRblistCollectorAnalyse', verb: 'GET', access, parameters: [dateParameter('From'), dateParameter('To')],
    summary: 'Per collector in the period: records, households served and kilograms, in all and by class',
    async handler(ctx, input) {
      const period = periodOf(input, ctx);
      const rows = await ctx.db.query<Record<string, number | string>>(sql`
        select c.id as "collectorId", c.name, count(r.id)::int as records, count(distinct r.household_id)::int as households,
               coalesce(sum(r.weight), 0)::float8 as weight,
               coalesce(sum(r.weight) filter (where r.rubbish_type1 = 1), 0)::float8 as "weight1",
               coalesce(sum(r.weight) filter (where r.rubbish_type1 = 2), 0)::float8 as "weight2",
               coalesce(sum(r.weight) filter (where r.rubbish_type1 = 3), 0)::float8 as "weight3",
               coalesce(sum(r.weight) filter (where r.rubbish_type1 = 4), 0)::float8 as "weight4"
          from collector c left join recycling_record r on r.collector_id = c.id and ${countedRecords(ctx, 'r', period)}
         where ${and([tenantCondition('c', ctx.tenantId), sql`not c.is_deleted`, ...visibleCollectors(ctx, 'c')])}
         group by c.id, c.name order by weight desc, c.id`);
      return { ...period, items: rows.map((r) => ({ ...r, collectorId: Number(r.collectorId) })) };
    },
  });

  registry.add({
    service: rblist.name, method: 'GetRblistUpNotData', verb: 'GET', access, parameters: ['Days', 'Keyword', 'SkipCount', 'MaxResultCount', 'Sorting'],
    summary: 'Households, and compounds, with no record for the last N days (default 7), the longest silent first',
    async handler(ctx, input) {
      const days = input.optionalInt('Days', { min: 1, max: 3650 }) ?? 7;
      // Silent means no record on any of the last N days of the tenant's calendar, today included.
      const since = instantValue(ctx.calendar.startOf(ctx.calendar.todayPlus(-(days - 1))));
      const households = await pagedList(ctx.db, input, ctx.language, {
        select: sql`select h.id, h.name, h.card_no as "cardNo", h.varea_id as "vareaId", v.name as "vareaName", h.last_record_time as "lastRecordTime"
          from scheme_user h join area_compound v on v.id = h.varea_id`,
        from: sql`from scheme_user h`,
        where: [enrolled(ctx, 'h'), sql`(h.last_record_time is null or h.last_record_time < ${since})`],
        searchable: ['h.name', { column: 'h.card_no', whole: true }],
        // Never-seen households are the most silent: they sort before every date.
        sortable: { lastRecordTime: `coalesce(h.last_record_time, '-infinity'::timestamptz)`, name: 'h.name', id: 'h.id' }, defaultSorting: 'lastRecordTime asc', idColumn: 'h.id',
      });
      const compounds = await ctx.db.query<{ vareaId: number; name: string; households: number }>(sql`
        select v.id as "vareaId", v.name, count(h.id)::int as households
          from area_compound v join scheme_user h on h.varea_id = v.id and ${enrolled(ctx, 'h')}
         where not exists (select 1 from recycling_record r where r.varea_id = v.id and ${counts('r')} and r.record_time >= ${since})
         group by v.id, v.name order by v.name, v.id`);
      return { days, households, compounds: compounds.map((c) => ({ ...c, vareaId: Number(c.vareaId) })) };
    },
  });

  registry.add({
    service: rblist.name, method: 'GetGarbageDisposalTop', verb: 'GET', access, parameters: [dateParameter('From'), dateParameter('To'), 'Top'],
    summary: 'The compounds, households and collectors that handed in the most kilograms in the period',
    async handler(ctx, input) {
      const period = periodOf(input, ctx);
      const top = input.optionalInt('Top', { min: 1, max: 100 }) ?? 10;
      // Summed in whole hundredths of a kilogram (weights have two decimals): exact like numeric, so ties rank by id,
      // and a third faster than numeric over the tens of thousands of households a month touches.
      const ranked = (key: string, table: string, visible: Sql[] = []) => ctx.db.query<{ id: number; name: string; weight: number; records: number }>(sql`
        select x.id, x.name, (t.centis / 100.0)::float8 as weight, t.records from (
          select r.${raw(key)} as id, sum((r.weight::float8 * 100)::int8) as centis, count(*)::int as records from recycling_record r
           where ${and([countedRecords(ctx, 'r', period), sql`r.${raw(key)} is not null`, ...visible])} group by r.${raw(key)}
           order by centis desc, r.${raw(key)} limit ${top}) t join ${raw(table)} x on x.id = t.id
         order by t.centis desc, x.id`);
      // The households' ranking is the long one (a month touches most households): it runs on one connection while the
      // compounds' and the collectors' (each using the database's parallel workers) run one after the other on another.
      const [households, [compounds, collectors]] = await Promise.all([
        ranked('household_id', 'scheme_user'),
        (async () => [await ranked('varea_id', 'area_compound'), await ranked('collector_id', 'collector', collectorsOf(ctx, 'r'))] as const)(),
      ]);
      const numbered = (rows: { id: number }[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));
      return { ...period, compounds: numbered(compounds), households: numbered(households), collectors: numbered(collectors) };
    },
  });

  registry.add({
    service: rblist.name, method: 'GetRblistTrend', verb: 'GET', access, parameters: [dateParameter('From'), dateParameter('To'), 'Grain'],
    summary: 'Kilograms and records by day or month and class in the period',
    async handler(ctx, input) {
      const period = periodOf(input, ctx);
      const grain = grainOf(input, ctx);
      const fromRecords = (part: Period) => sql`
        select ${periodIn(sql`r.record_time`, ctx.calendar.zone, grain)} as period, r.rubbish_type1, r.weight, 1 as records
          from recycling_record r where ${countedRecords(ctx, 'r', part)}`;
      const whole = grain === 'month' ? wholeMonths(period) : null;
      // By month, the whole months come from the month rollup (kept by the tenant's months) and only the days before and
      // after them from the records.
      const parts = whole === null ? [fromRecords(period)] : [
        sql`select to_char(m.month, 'YYYY-MM') as period, m.rubbish_type1, m.weight, m.records from recycling_month m
             where ${and([tenantCondition('m', ctx.tenantId), sql`m.month >= ${whole.from}::date and m.month < ${whole.until}::date`,
               ...[areaCondition(rblist, 'm', scopeOf(ctx), 'read')].filter((c) => c !== null)])}`,
        ...(period.from < whole.from ? [fromRecords({ from: period.from, to: addDays(whole.from, -1) })] : []),
        ...(whole.until <= period.to ? [fromRecords({ from: whole.until, to: period.to })] : []),
      ];
      const items = await ctx.db.query<{ period: string; rubbishType1: number; weight: number; records: number }>(sql`
        select c.period, c.rubbish_type1 as "rubbishType1", sum(c.weight)::float8 as weight, sum(c.records)::int as records
          from (${join(parts, ' union all ')}) c
         group by 1, 2 having sum(c.records) > 0 order by 1, 2`);
      return { ...period, items };
    },
  });

  registry.add({
    service: 'Integral', method: 'GetPointsFlow', verb: 'GET', access: { anyOf: ['Pages.Integral' as const] }, parameters: [dateParameter('From'), dateParameter('To'), 'Grain'],
    summary: 'Points issued (awards net of their reversals) and redeemed (held at machines net of holds released) by day or month',
    async handler(ctx, input) {
      const period = periodOf(input, ctx);
      const grain = grainOf(input, ctx);
      const items = await ctx.db.query<{ period: string; issued: number; redeemed: number }>(sql`
        select ${periodIn(sql`p.creation_time`, ctx.calendar.zone, grain)} as period, ${pointsFlow('e', 'p')}
          ${householdLegs(ctx, period)}
         group by 1 order by 1`);
      return { ...period, items };
    },
  });
}

/**
 * Collectors `c` the caller may see, as `Igcs_Collector/GetAll` lists them: a user linked to areas sees those serving a
 * community within them, and no other, even one that weighed a record there.
 */
function visibleCollectors(ctx: RequestContext, c: string): Sql[] {
  const inAreas = areaCondition(collector, c, scopeOf(ctx), 'read');
  return inAreas ? [inAreas] : [];
}

/** Records `r` of a collector the caller may see (none added for the whole tenant, so that the ranking stays one scan). */
function collectorsOf(ctx: RequestContext, r: string): Sql[] {
  const visible = visibleCollectors(ctx, 'c');
  return visible.length === 0 ? [] : [sql`exists (select 1 from collector c where c.id = ${raw(r)}.collector_id and ${and(visible)})`];
}

/** Issued and redeemed points of the ledger legs `e` of postings `p`, as POINTS_ISSUED_REASONS and POINTS_REDEEMED_REASONS define them. */
const pointsFlow = (e: string, p: string) => sql`
  coalesce(sum(${raw(e)}.amount) filter (where ${raw(p)}.reason = any(${[...POINTS_ISSUED_REASONS]}::int[])), 0)::int as issued,
  coalesce(-sum(${raw(e)}.amount) filter (where ${raw(p)}.reason = any(${[...POINTS_REDEEMED_REASONS]}::int[])), 0)::int as redeemed`;

/**
 * Households' ledger legs `e` of postings `p` posted on the period's days: the households' own legs, so that a user
 * limited to areas sees their households' points only. The days are bounds of instants, so that the time index serves.
 */
function householdLegs(ctx: RequestContext, period: Period): Sql {
  const inAreas = areaCondition(bhusers, 'h', scopeOf(ctx), 'read');
  return sql`from points_postings p join points_entries e on e.posting_id = p.id and e.household_id is not null
    ${inAreas ? sql`join scheme_user h on h.id = e.household_id and ${inAreas}` : sql``}
   where ${tenantCondition('p', ctx.tenantId)} and ${within(sql`p.creation_time`, ctx, period)}`;
}

/**
 * The scheme today within the caller's areas, in the caller's transaction (the big-data screen's snapshot): today,
 * the participation window and the day's points are those of `ctx.calendar` (a screen that read the clock once passes
 * a calendar fixed at that instant).
 */
export async function schemeToday(ctx: RequestContext, tx: Db): Promise<RecyclingFigures> {
  const today = ctx.calendar.today();
  const kg = await tx.query<{ rubbishType1: number; kg: number }>(sql`
    select r.rubbish_type1 as "rubbishType1", sum(r.weight)::float8 as kg from recycling_record r
     where ${countedRecords(ctx, 'r', { from: today, to: today })} group by 1`);
  const window = { from: ctx.calendar.todayPlus(-(PARTICIPATION_DAYS - 1)), to: today };
  const [households] = await tx.query<{ enrolled: number; participating: number }>(sql`
    select count(*)::int as enrolled,
           count(*) filter (where ${tookPart(ctx, 'h', window)})::int as participating
      from scheme_user h where ${enrolled(ctx, 'h')}`);
  const [points] = await tx.query<{ issued: number; redeemed: number }>(sql`select ${pointsFlow('e', 'p')} ${householdLegs(ctx, { from: today, to: today })}`);
  return {
    kgToday: rubbishType1.options.map((o) => ({ rubbishType1: o.value, kg: Number(kg.find((r) => Number(r.rubbishType1) === o.value)?.kg ?? 0) })),
    households,
    pointsToday: points,
  };
}
