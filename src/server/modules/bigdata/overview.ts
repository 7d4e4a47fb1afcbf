import {
  BIGDATA_LIMITS, FILL_BAND_EDGES, manifestStage, OPEN_STAGES, TICKER_TYPES,
  type BigDataOverview, type ManifestStage, type MapDevice, type MapEnterprise, type NamedTonnes, type PeriodTonnes, type TransferFlow,
} from '../../../shared/bigdata';
import { corporateType, disposalMethod, warningStatus, warningType } from '../../../shared/enums';
import {
  enterpriseinformation, equipmentwarning, hazardouswastestorage, inventory, smartequipment,
} from '../../../shared/resources';
import type { Resource } from '../../../shared/resource-kit';
import { foldTicker } from '../../../shared/ticker';
import { enterpriseCondition, scopeOf, type Scope } from '../../crud/scope';
import { and, join, scopeCondition, sql, type Sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { topicsOf } from '../events/audience';
import { headOf, latestEvents } from '../events/log';
import { schemeToday } from '../points/analyses';
import { COUNTS, monthRollup, rollupScope, STAGES, TONNES } from '../transfer/rollups';
import { addDays, addMonths, instantOfWallClock, tenantCalendar, wallClockOf, type CalendarDate, type TenantCalendar } from '../../../shared/time';
import { dayIn, epochOf, instantText, instantValue, type InstantText } from '../../time';


/** Live rows of `resource` under `alias` that the caller may see. */
function visible(resource: Resource, alias: string, scope: Scope): Sql {
  const owner = enterpriseCondition(resource, alias, scope);
  return and([scopeCondition(alias, scope.tenantId), ...(owner ? [owner] : [])]);
}

const WEEK_DAYS = 7;
const HOURS = 24;
const HOUR_MS = 3600_000;

/**
 * The last 24 hours of the tenant's wall clock, oldest first, the current one last: the instant each begins. Hours
 * are an hour of real time apart, so a day that changes its offset still shows 24 of them.
 */
function lastHours(calendar: TenantCalendar): InstantText[] {
  const wall = wallClockOf(calendar.now(), calendar.zone);
  const current = instantOfWallClock({ ...wall, minute: 0, second: 0, millisecond: 0 }, calendar.zone);
  return Array.from({ length: HOURS }, (_, i) => instantText(current - (HOURS - 1 - i) * HOUR_MS));
}

interface Totals {
  tenantName: string | null;
  producers: number;
  transporters: number;
  receivers: number;
  devicesOnline: number;
  devicesTotal: number;
  storageTonnes: number;
  storageCapacityTonnes: number;
  storagePoints: number;
  fillBands: number[];
  stockTonnes: number;
}

/** The single figures of the screen in one round trip: enterprises, devices, storage and its fill bands, stock. */
async function readTotals(db: Db, scope: Scope): Promise<Totals> {
  const ratio = sql`coalesce(s.fill_ratio, 0)`;
  const bands = FILL_BAND_EDGES.map((limit, i) => (i === 0
    ? sql`count(*) filter (where ${ratio} < ${limit})`
    : sql`count(*) filter (where ${ratio} >= ${FILL_BAND_EDGES[i - 1]} and ${ratio} < ${limit})`));
  bands.push(sql`count(*) filter (where ${ratio} >= ${FILL_BAND_EDGES[FILL_BAND_EDGES.length - 1]})`);
  const [row] = await db.query<Totals>(sql`
    select (select t.name from tenants t where t.id = ${scope.tenantId}) as "tenantName",
           e.producers, e.transporters, e.receivers, d.online as "devicesOnline", d.total as "devicesTotal",
           st.tonnes as "storageTonnes", st.capacity as "storageCapacityTonnes", st.points as "storagePoints", st.bands as "fillBands",
           i.tonnes as "stockTonnes"
      from (select count(*) filter (where ${corporateType.producer} = any(e.corporate_type)) as producers,
                   count(*) filter (where ${corporateType.transporter} = any(e.corporate_type)) as transporters,
                   count(*) filter (where ${corporateType.receiver} = any(e.corporate_type)) as receivers
              from enterprise_information e where ${visible(enterpriseinformation, 'e', scope)}) e,
           (select count(*) filter (where d.online_state = 0) as online, count(*) as total
              from smart_equipment d where ${visible(smartequipment, 'd', scope)}) d,
           (select round(coalesce(sum(s.current_weight), 0) / 1000, 3) as tonnes, round(coalesce(sum(s.capacity), 0) / 1000, 3) as capacity,
                   count(*) as points, array[${join(bands)}] as bands
              from hazardous_waste_storage s where ${visible(hazardouswastestorage, 's', scope)} and s.unbound_time is null) st,
           (select coalesce(sum(i.quantity), 0) as tonnes from inventory i where ${visible(inventory, 'i', scope)}) i`);
  return row;
}

async function readMapEnterprises(db: Db, scope: Scope): Promise<MapEnterprise[]> {
  return db.query<MapEnterprise>(sql`
    select e.id, e.name, e.corporate_type as kinds, e.longitude, e.latitude from enterprise_information e
     where ${visible(enterpriseinformation, 'e', scope)} and e.longitude is not null and e.latitude is not null
     order by e.id limit ${BIGDATA_LIMITS.mapEnterprises}`);
}

async function readMapDevices(db: Db, scope: Scope): Promise<MapDevice[]> {
  return db.query<MapDevice>(sql`
    select d.id, d.serial_number as "serialNumber", d.enterprise_id as "enterpriseId",
           coalesce(d.longitude, e.longitude) as longitude, coalesce(d.latitude, e.latitude) as latitude,
           d.online_state as "onlineState",
           (select count(*) from equipment_warning w where w.smartequipment_id = d.id and w.status <> ${warningStatus.closed} and not w.is_deleted) as "openWarnings",
           case when s.id is not null then coalesce(s.fill_ratio, 0) end as "fillRatio"
      from smart_equipment d
      join enterprise_information e on e.id = d.enterprise_id
      left join hazardous_waste_storage s on s.smartequipment_id = d.id and s.unbound_time is null and not s.is_deleted
     where ${visible(smartequipment, 'd', scope)}
       and coalesce(d.longitude, e.longitude) is not null and coalesce(d.latitude, e.latitude) is not null
     order by d.id limit ${BIGDATA_LIMITS.mapDevices}`);
}

interface WarningCount {
  day: string | null;
  warningType: number;
  count: number;
}

/**
 * Open and acknowledged warnings per type, and warnings raised per day of the tenant and type over the days `from` to
 * `to` (the instants those days cover, so the index on the raise time serves).
 */
async function readWarnings(db: Db, scope: Scope, calendar: TenantCalendar, from: CalendarDate, to: CalendarDate): Promise<{ open: WarningCount[]; raised: WarningCount[] }> {
  const where = visible(equipmentwarning, 'w', scope);
  const days = calendar.span(from, to);
  const rows = await db.query<WarningCount>(sql`
    select null as day, w.warning_type as "warningType", count(*) as count from equipment_warning w
     where ${where} and w.status <> ${warningStatus.closed} group by w.warning_type
    union all
    select ${dayIn(sql`w.raised_at`, calendar.zone)}, w.warning_type, count(*) from equipment_warning w
     where ${where} and w.raised_at >= ${instantValue(days.start)} and w.raised_at < ${instantValue(days.end)} group by 1, 2`);
  return { open: rows.filter((r) => r.day === null), raised: rows.filter((r) => r.day !== null) };
}

/** Devices (of the caller's) with at least one reading in each of the hours that begin at `hours`, by the hour's start. */
async function readReportingDevices(db: Db, scope: Scope, hours: readonly InstantText[]): Promise<Map<InstantText, number>> {
  const first = sql`${hours[0]}::timestamptz`;
  const end = instantValue(epochOf(hours[hours.length - 1]) + HOUR_MS);
  const rows = await db.query<{ hour: InstantText; devices: number }>(sql`
    select date_bin(make_interval(hours => 1), t.read_at, ${first}) as hour, count(distinct t.smartequipment_id) as devices
      from smart_equipment d join telemetry_reading t on t.smartequipment_id = d.id and t.read_at >= ${first} and t.read_at < ${end}
     where ${visible(smartequipment, 'd', scope)}
     group by 1`);
  return new Map(rows.map((r) => [r.hour, Number(r.devices)]));
}

interface Periods {
  today: number; todayLastYear: number; month: number; monthLastYear: number; year: number; yearLastYear: number;
}

/**
 * Tonnes received on `today` and the same day a year earlier (day rows), in its month and year and the same periods
 * a year earlier (month rows).
 */
async function readPeriods(db: Db, scope: Scope, today: CalendarDate): Promise<Periods> {
  const day = sql`${today}::date`;
  const ago = sql`${addMonths(today, -12)}::date`;
  const [days] = await db.query<{ today: number; todayLastYear: number }>(sql`
    select coalesce(sum(r.received) filter (where r.planned_date = ${day}), 0) as today,
           coalesce(sum(r.received) filter (where r.planned_date = ${ago}), 0) as "todayLastYear"
      from ${TONNES} r where ${and(rollupScope('r', scope))} and r.planned_date in (${day}, ${ago})`);
  // Period bounds as dates, so that the month key compares as stored (no per-row date arithmetic).
  const year = Number(today.slice(0, 4));
  const monthOf = (y: number) => sql`${`${y}${today.slice(4, 7)}-01`}::date`;
  const yearOf = (y: number) => sql`${`${y}-01-01`}::date`;
  const inYear = (y: number) => sql`m.month >= ${yearOf(y)} and m.month < ${yearOf(y + 1)}`;
  const months = monthRollup('m', scope);
  const [longer] = await db.query<{ month: number; monthLastYear: number; year: number; yearLastYear: number }>(sql`
    select coalesce(sum(m.received) filter (where m.month = ${monthOf(year)}), 0) as month,
           coalesce(sum(m.received) filter (where m.month = ${monthOf(year - 1)}), 0) as "monthLastYear",
           coalesce(sum(m.received) filter (where ${inYear(year)}), 0) as year,
           coalesce(sum(m.received) filter (where ${inYear(year - 1)}), 0) as "yearLastYear"
      from ${months.from} where ${months.where} and m.month >= ${yearOf(year - 1)} and m.month < ${yearOf(year + 1)}`);
  return { ...days, ...longer };
}

/** Tonnes declared this year per producer (the top ones, named) and per disposal method, in one pass. */
async function readYearDeclared(db: Db, scope: Scope, today: CalendarDate): Promise<{ producers: NamedTonnes[]; disposal: Map<number, number> }> {
  const year = Number(today.slice(0, 4));
  const months = monthRollup('m', scope);
  const rows = await db.query<{ producerId: number | null; disposalMethod: number | null; tonnes: number }>(sql`
    select m.producer_id as "producerId", m.disposal_method as "disposalMethod", sum(m.declared) as tonnes
      from ${months.from}
     where ${months.where} and m.month >= ${`${year}-01-01`}::date and m.month < ${`${year + 1}-01-01`}::date
     group by grouping sets ((m.producer_id), (m.disposal_method))`);
  const top = rows.filter((r) => r.producerId !== null && r.tonnes > 0)
    .sort((a, b) => b.tonnes - a.tonnes || Number(a.producerId) - Number(b.producerId)).slice(0, BIGDATA_LIMITS.topProducers);
  const names = await enterpriseNames(db, top.map((r) => Number(r.producerId)));
  return {
    producers: top.map((r) => ({ enterpriseId: Number(r.producerId), name: names.get(Number(r.producerId)) ?? '', tonnes: r.tonnes })),
    disposal: new Map(rows.filter((r) => r.disposalMethod !== null).map((r) => [Number(r.disposalMethod), r.tonnes])),
  };
}

async function enterpriseNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; name: string }>(sql`select id, name from enterprise_information where id = any(${ids}::bigint[])`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/**
 * Producer → receiver flows planned in [firstDay, today] and in [dayStart, today]: tonnes declared (not voided) from
 * the tonnes rollup, orders from the counts rollup; the biggest by tonnes.
 */
async function readFlows(db: Db, scope: Scope, firstDay: CalendarDate, dayStart: CalendarDate, today: CalendarDate): Promise<BigDataOverview['map']['flows']> {
  const window = sql`r.planned_date between ${firstDay}::date and ${today}::date`;
  const recent = sql`r.planned_date >= ${dayStart}::date`;
  const rows = await db.query<{ producerId: number; receiverId: number; dayTonnes: number; weekTonnes: number; dayOrders: number; weekOrders: number }>(sql`
    with tonnes as (
      select r.producer_id, r.receiver_id, sum(r.declared) filter (where ${recent}) as day, sum(r.declared) as week
        from ${TONNES} r where ${and(rollupScope('r', scope))} and ${window} group by 1, 2),
    orders as (
      select r.producer_id, r.receiver_id, sum(r.orders) filter (where ${recent}) as day, sum(r.orders) as week
        from ${COUNTS} r where ${and(rollupScope('r', scope))} and ${window} and r.declare_status <> 2 group by 1, 2)
    select o.producer_id as "producerId", o.receiver_id as "receiverId", coalesce(t.day, 0) as "dayTonnes", coalesce(t.week, 0) as "weekTonnes",
           coalesce(o.day, 0) as "dayOrders", o.week as "weekOrders"
      from orders o left join tonnes t using (producer_id, receiver_id)`);
  const flows = (tonnes: (r: (typeof rows)[number]) => number, orders: (r: (typeof rows)[number]) => number): TransferFlow[] => rows
    .filter((r) => orders(r) > 0)
    .map((r) => ({ producerId: Number(r.producerId), receiverId: Number(r.receiverId), tonnes: tonnes(r), orders: Number(orders(r)) }))
    .sort((a, b) => b.tonnes - a.tonnes || a.producerId - b.producerId || a.receiverId - b.receiverId)
    .slice(0, BIGDATA_LIMITS.flows);
  return { day: flows((r) => r.dayTonnes, (r) => r.dayOrders), week: flows((r) => r.weekTonnes, (r) => r.weekOrders) };
}

/** Manifests per stage and tonnes of open ones over all dates: the stage rollup read through the contract's stage rule. */
async function readStages(db: Db, scope: Scope): Promise<{ stages: Record<ManifestStage, number>; inProgress: number }> {
  const rows = await db.query<{ declareStatus: number; dispatchStatus: number; signStatus: number; orders: number; tonnes: number }>(sql`
    select s.declare_status as "declareStatus", s.dispatch_status as "dispatchStatus", s.sign_status as "signStatus",
           sum(s.orders) as orders, sum(s.quantity) as tonnes
      from ${STAGES} s where ${and(rollupScope('s', scope))} group by 1, 2, 3`);
  const stages: Record<ManifestStage, number> = { draft: 0, inTransit: 0, returned: 0, completed: 0, voided: 0 };
  let inProgress = 0;
  for (const row of rows) {
    const stage = manifestStage(row);
    stages[stage] += Number(row.orders);
    if (OPEN_STAGES.includes(stage)) inProgress += Number(row.tonnes);
  }
  // Tonnes are kept to the kilogram; adding them as floats must not show more.
  return { stages, inProgress: Math.round(inProgress * 1000) / 1000 };
}

const period = (tonnes: number, lastYear: number): PeriodTonnes => ({ tonnes, lastYear });

/**
 * Everything the big-data screen shows, read in one repeatable-read transaction: the figures are one snapshot, and
 * the head read first in it is exactly the last event whose change they include. One reading of the server's clock
 * makes `asOf`, "today" and every window, all on the tenant's calendar.
 */
export async function readOverview(ctx: RequestContext): Promise<BigDataOverview> {
  const scope = scopeOf(ctx);
  const session = ctx.session!;
  // The clock read once: the screen's "today", its windows and `asOf` are of one instant, even across a midnight.
  const now = ctx.calendar.now();
  const calendar = tenantCalendar(ctx.calendar.zone, { now: () => now });
  const asOf = instantText(now);
  const today = calendar.today();
  const firstDay = calendar.todayPlus(-(WEEK_DAYS - 1));
  const hours = lastHours(calendar);
  return ctx.db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const head = await headOf(tx, ctx.tenantId);
    const totals = await readTotals(tx, scope);
    const enterprises = await readMapEnterprises(tx, scope);
    const devices = await readMapDevices(tx, scope);
    const warnings = await readWarnings(tx, scope, calendar, firstDay, today);
    const reporting = await readReportingDevices(tx, scope, hours);
    const periods = await readPeriods(tx, scope, today);
    const declared = await readYearDeclared(tx, scope, today);
    const flows = await readFlows(tx, scope, firstDay, addDays(today, -1), today);
    const { stages: manifests, inProgress } = await readStages(tx, scope);
    const viewer = { userId: session.userId, topics: topicsOf(session), enterpriseIds: session.enterpriseIds };
    const latest = await latestEvents(tx, ctx.tenantId, viewer, TICKER_TYPES, head, BIGDATA_LIMITS.recentEvents);
    const recent = foldTicker([], latest.reverse());
    const recycling = await schemeToday({ ...ctx, calendar }, tx);
    const countOf = (rows: WarningCount[], type: number, day: string | null = null) =>
      Number(rows.find((r) => r.warningType === type && r.day === day)?.count ?? 0);
    const days = Array.from({ length: WEEK_DAYS }, (_, i) => addDays(firstDay, i));
    return {
      asOf,
      head,
      tenantName: totals.tenantName,
      enterprises: { producers: totals.producers, transporters: totals.transporters, receivers: totals.receivers },
      devices: { online: totals.devicesOnline, total: totals.devicesTotal },
      openWarnings: warningType.options.map((o) => ({ warningType: o.value, count: countOf(warnings.open, o.value) })),
      storage: { tonnes: totals.storageTonnes, capacityTonnes: totals.storageCapacityTonnes, points: totals.storagePoints },
      stockTonnes: totals.stockTonnes,
      transferred: {
        today: period(periods.today, periods.todayLastYear),
        month: period(periods.month, periods.monthLastYear),
        year: period(periods.year, periods.yearLastYear),
      },
      manifests,
      inProgressTonnes: inProgress,
      map: { enterprises, devices, flows },
      topProducers: declared.producers,
      disposal: disposalMethod.options.map((o) => ({ disposalMethod: o.value, tonnes: declared.disposal.get(o.value) ?? 0 })),
      warningsByDay: days.map((day) => ({
        day, counts: warningType.options.map((o) => ({ warningType: o.value, count: countOf(warnings.raised, o.value, day) })),
      })),
      fillBands: totals.fillBands.map(Number),
      onlineByHour: hours.map((hour) => ({ hour, ratio: totals.devicesTotal > 0 ? (reporting.get(hour) ?? 0) / totals.devicesTotal : 0 })),
      recent,
      recycling,
    };
  });
}
