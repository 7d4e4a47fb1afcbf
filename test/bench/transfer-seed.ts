// Bulk transfer orders for the transfer bench, written with set-based SQL straight into the tables of a migrated,
// seeded database (a million AddProductionWaste calls would take hours). Everything derives from the order's number
// i = 1…N through hashes, so two runs hold the same data. Orders are numbered in time: ids grow with creation days,
// recent orders are still open, old ones mostly signed, and every status is one the state machine can reach.
import type { Db } from '../../src/server/db/database';
import { round } from './stats';
import { TENANT_ID } from './harness';
import { seedingAdminId, tableMb, textArray, timed, WASTE_NAMES } from './seed-sql';

export interface TransferSize {
  orders: number;
  producers: number;
  /** The first `bigProducers` producers share `bigShare` of the orders evenly; the rest share the remainder, skewed. */
  bigProducers: number;
  bigShare: number;
  transporters: number;
  receivers: number;
}

export interface TransferSeedResult {
  orders: number;
  lines: number;
  /** Orders per status as "declare/dispatch/sign". */
  statuses: Record<string, number>;
  /** The producers holding the most orders, biggest first. */
  bigProducers: { id: number; orders: number }[];
  referenceMs: number;
  ordersMs: number;
  linesMs: number;
  analyzeMs: number;
  totalMs: number;
  /** Heap plus indexes, MB. */
  orderTableMb: number;
  lineTableMb: number;
}

/** Planned dates run over three years up to the day the data was taken. */
export const FIRST_DAY = '2023-11-21';
export const DAYS = 1096;
const CODES = 40;
const RECORDS_PER_PRODUCER = 5;
const VEHICLES_PER_TRANSPORTER = 4;
/** Orders of the last this many days are still moving; older ones have mostly been signed. */
const RECENT_DAYS = 60;
const NAME = '联单测试';

const ids = (where: string, order = 'id') => `(select array_agg(id order by ${order}) from ${where})`;
const partyIds = (kind: string) => ids(`enterprise_information where tenant_id = ${TENANT_ID} and name like '${NAME}${kind}%'`);
const codeIds = `(select (array_agg(id order by id))[1:${CODES}] from waste_code where tenant_id = ${TENANT_ID} and not is_deleted)`;
/** A deterministic, evenly spread number 0…modulo-1 per (value, stream). */
const hash = (value: string, stream: number, modulo: number) => `(abs(hashint8extended(${value}, ${stream})) % ${modulo})`;

/** Producers, transporters and receivers (receivers licensed for every code the producers declare). */
function enterprisesSql(size: TransferSize): string {
  const total = size.producers + size.transporters + size.receivers;
  const kind = (i: string) => `case when ${i} <= ${size.producers} then 2 when ${i} <= ${size.producers + size.transporters} then 3 else 1 end`;
  return `
    insert into enterprise_information (tenant_id, creator_user_id, name, credit_code, corporate_type, scale, province_code,
      city_code, county_code, region_name, address, contact_person, contact_phone, license_number, licensed_wastecode_ids, wastecode_ids)
    select ${TENANT_ID}, $1::bigint,
      '${NAME}' || (array['产废', '运输', '接收'])[k.kind_index] || lpad(i::text, 4, '0'),
      '914401' || lpad(i::text, 12, '0'), array[k.kind], case when k.kind = 2 then 1 + i % 6 end,
      '44', '4401', '440106', '广东省广州市天河区', '科学城' || i || '号', '联系人' || i % 40, '139' || lpad(i::text, 8, '0'),
      case when k.kind <> 2 then '许可证' || i end, case when k.kind = 1 then wc.ids end, case when k.kind = 2 then wc.ids end
    from generate_series(1, ${total}) i
    cross join lateral (select ${kind('i')} as kind, case ${kind('i')} when 2 then 1 when 3 then 2 else 3 end as kind_index) k
    cross join (select ${codeIds} as ids) wc`;
}

/** Five waste records per producer; an order's lines use its producer's records. */
function wasteRecordsSql(size: TransferSize): string {
  return `
    insert into hazardous_waste_information (tenant_id, creator_user_id, enterprise_id, wastecode_id, name, waste_type,
      physical_characteristics, generation_source, container_type, container_capacity, container_material, packaging_method,
      purpose, hazard_characteristics, status)
    select ${TENANT_ID}, $1::bigint, p.ids[1 + (r - 1) / ${RECORDS_PER_PRODUCER}], wc.ids[1 + r % ${CODES}],
      (${textArray(WASTE_NAMES)})[1 + r % ${WASTE_NAMES.length}], 1, 1 + r % 3, 1 + r % 8, 3, 3, 1, 1, 4,
      case r % 3 when 0 then '{T}'::text[] when 1 then '{C}' else '{T,I}' end, 0
    from generate_series(1, ${size.producers * RECORDS_PER_PRODUCER}) r
    cross join (select ${partyIds('产废')} as ids) p
    cross join (select ${codeIds} as ids) wc`;
}

/** Vehicles and drivers with papers valid two more years, so dispatches pass the checks. */
function fleetSql(size: TransferSize): string[] {
  const count = size.transporters * VEHICLES_PER_TRANSPORTER;
  const owner = `t.ids[1 + (n - 1) / ${VEHICLES_PER_TRANSPORTER}]`;
  return [`
    insert into vehicle_information (tenant_id, creator_user_id, enterprise_id, plate_number, colour, entry_type, load_capacity,
      permit_number, permit_expiry)
    select ${TENANT_ID}, $1::bigint, ${owner}, '粤A' || lpad(n::text, 5, '0'), 2, 1, 30, '粤交运管' || n, current_date + 730
    from generate_series(1, ${count}) n cross join (select ${partyIds('运输')} as ids) t`, `
    insert into driver (tenant_id, creator_user_id, enterprise_id, name, id_card_number, phone, license_number, license_expiry,
      qualification_number, qualification_expiry)
    select ${TENANT_ID}, $1::bigint, ${owner}, '司机' || n, '440106199001' || lpad(n::text, 5, '0') || 'X', '137' || lpad(n::text, 8, '0'),
      'JZ' || n, current_date + 730, 'ZG' || n, current_date + 730
    from generate_series(1, ${count}) n cross join (select ${partyIds('运输')} as ids) t`];
}

/** Ample stock of every code each producer declares, so the bench's agrees are never short. */
const stockSql = `
  insert into inventory (tenant_id, creator_user_id, enterprise_id, wastecode_id, quantity, received_total, shipped_total, last_movement_time)
  select distinct ${TENANT_ID}, $1::bigint, enterprise_id, wastecode_id, 1000000, 1000000, 0, timestamp '${FIRST_DAY}'
  from hazardous_waste_information where tenant_id = ${TENANT_ID}`;

// Statuses by code: draft, dispatched, returned, voided (open), voided (dispatched), voided (after a return), signed.
const DECLARE = 'array[0,0,0,2,2,2,1]';
const DISPATCH = 'array[0,1,1,0,1,1,1]';
const SIGN = 'array[0,0,2,0,0,2,1]';
const VERSION = 'array[1,2,3,2,3,4,3]';
/** Line k of order i: 0.5–10.25 t. */
const lineQuantity = (i: string, k: string) => `(2 + (((${i}) * 13 + ${k} * 7) % 40)) * 0.25`;
const lineCount = (i: string) => `(1 + ${hash(i, 5, 5)})`;

function ordersSql(size: TransferSize): string {
  const { orders: n, bigProducers: big, bigShare: share } = size;
  const others = size.producers - big;
  return `
    insert into transfer_order (id, tenant_id, creation_time, creator_user_id, last_modification_time, manifest_no, producer_id,
      transporter_id, receiver_id, planned_date, total_quantity, declare_status, dispatch_status, sign_status, vehicle_ids,
      driver_ids, return_reason, declarant_name, version)
    select $2::bigint + i, ${TENANT_ID}, day + make_interval(secs => seq * 90), $1::bigint,
      case when st > 0 then day + interval '1 day' end,
      'ZY' || to_char(day, 'YYYYMMDD') || '-' || lpad(seq::text, 5, '0'),
      p.ids[pr], t.ids[tr], r.ids[rr], (day + make_interval(days => ${hash('i', 2, 8)}::int))::date,
      (select sum(${lineQuantity('i', 'k')}) from generate_series(1, ${lineCount('i')}) k),
      (${DECLARE})[st + 1], (${DISPATCH})[st + 1], (${SIGN})[st + 1],
      case when (${DISPATCH})[st + 1] = 1 then array[v.ids[(tr - 1) * ${VEHICLES_PER_TRANSPORTER} + 1 + (i % ${VEHICLES_PER_TRANSPORTER})::int]] else '{}' end,
      case when (${DISPATCH})[st + 1] = 1 then array[dr.ids[(tr - 1) * ${VEHICLES_PER_TRANSPORTER} + 1 + (i % ${VEHICLES_PER_TRANSPORTER})::int]] else '{}' end,
      case when (${SIGN})[st + 1] = 2 then '包装破损，请重新包装后提交' end,
      '填报人' || pr % 50, (${VERSION})[st + 1]
    from (
      select i, day, seq, pr,
        1 + (pr + ${hash('i', 3, 3)}::int) % ${size.transporters} as tr,
        1 + (pr * 3 + ${hash('i', 4, 2)}::int) % ${size.receivers} as rr,
        case when d >= ${DAYS - RECENT_DAYS}
          then case when s < 35 then 0 when s < 60 then 1 when s < 68 then 2 when s < 73 then 3 else 6 end
          else case when s < 94 then 6 when s < 96 then 3 when s < 98 then 4 when s < 99 then 5 else 2 end end as st
      from (
        select i, d, timestamp '${FIRST_DAY}' + make_interval(days => d::int) as day,
          i - (d * ${n} + ${DAYS - 1}) / ${DAYS} as seq, ${hash('i', 6, 100)} as s,
          case when u < ${share} then 1 + floor(u * ${big} / ${share})::int
               else ${big + 1} + floor(${others} * power((u - ${share}) / ${1 - share}, 2))::int end as pr
        from (select i, (i - 1) * ${DAYS} / ${n} as d, ${hash('i', 1, 1_000_000)} / 1000000.0 as u
              from generate_series(1::bigint, ${n}::bigint) i) g
      ) h
    ) o
    cross join (select ${partyIds('产废')} as ids) p
    cross join (select ${partyIds('运输')} as ids) t
    cross join (select ${partyIds('接收')} as ids) r
    cross join (select ${ids(`vehicle_information where tenant_id = ${TENANT_ID}`, 'enterprise_id, id')} as ids) v
    cross join (select ${ids(`driver where tenant_id = ${TENANT_ID}`, 'enterprise_id, id')} as ids) dr`;
}

/** 1–5 lines per order (3 on average), each a different record of the order's producer; signed orders received in full. */
function linesSql(): string {
  return `
    insert into transfer_order_line (tenant_id, creator_user_id, creation_time, order_id, hazardouswaste_id, wastecode_id,
      waste_name, quantity, container_count, container_type, physical_form, hazard_characteristics, disposal_method, received_quantity)
    select ${TENANT_ID}, $1::bigint, o.creation_time, o.id, w.id, w.wastecode_id, w.name, ${lineQuantity('o.id - $2::bigint', 'k')},
      1 + (o.id + k) % 20, w.container_type, w.physical_characteristics, w.hazard_characteristics, 1 + (o.id + k) % 5,
      case when o.sign_status = 1 then ${lineQuantity('o.id - $2::bigint', 'k')} end
    from transfer_order o
    cross join lateral generate_series(1, ${lineCount('o.id - $2::bigint')}) k
    join (select id, enterprise_id, wastecode_id, name, container_type, physical_characteristics, hazard_characteristics,
                 row_number() over (partition by enterprise_id order by id) as rank
            from hazardous_waste_information where tenant_id = ${TENANT_ID}) w
      on w.enterprise_id = o.producer_id and w.rank = 1 + (o.id + k) % ${RECORDS_PER_PRODUCER}
    where o.tenant_id = ${TENANT_ID} and o.id > $2::bigint`;
}

/** The day counters new orders continue from (manifest numbers are unique per tenant). */
const countersSql = `
  insert into manifest_counter (tenant_key, day, last)
  select ${TENANT_ID}, to_date(substr(manifest_no, 3, 8), 'YYYYMMDD'), max(substr(manifest_no, 12)::int)
  from transfer_order where tenant_id = ${TENANT_ID} group by 2
  on conflict (tenant_key, day) do update set last = greatest(manifest_counter.last, excluded.last)`;

/** Fills tenant 1 of a migrated, seeded database that holds no transfer orders yet. */
export async function seedTransfer(db: Db, size: TransferSize, progress: (step: string) => void = () => {}): Promise<TransferSeedResult> {
  const adminId = await seedingAdminId(db);
  const started = performance.now();
  const referenceMs = await timed(async () => {
    await db.query(enterprisesSql(size), [adminId]);
    await db.query(wasteRecordsSql(size), [adminId]);
    for (const sql of fleetSql(size)) await db.query(sql, [adminId]);
    await db.query(stockSql, [adminId]);
  });
  const [{ base }] = await db.query<{ base: number }>('select coalesce(max(id), 0)::bigint as base from transfer_order');
  progress('orders');
  const ordersMs = await timed(async () => {
    await db.query(ordersSql(size), [adminId, base]);
    await db.query(`select setval(pg_get_serial_sequence('transfer_order', 'id'), (select max(id) from transfer_order))`);
    await db.query(countersSql);
  });
  progress('lines');
  const linesMs = await timed(() => db.query(linesSql(), [adminId, base]));
  progress('vacuum analyze');
  // Vacuum as well as analyze: the visibility map decides whether counts can be index-only scans, and autovacuum
  // would otherwise write it minutes later, in the middle of the measurements.
  const analyzeMs = await timed(async () => {
    for (const table of ['transfer_order', 'transfer_order_line', 'enterprise_information', 'hazardous_waste_information', 'inventory',
      'transfer_order_counts', 'transfer_order_tonnes', 'transfer_order_months', 'transfer_tenant_months', 'transfer_order_stages', 'transfer_tenant_days']) {
      await db.query(`vacuum analyze ${table}`);
    }
  });
  const totalMs = round(performance.now() - started, 0);
  const statusRows = await db.query<{ state: string; count: number }>(
    `select declare_status || '/' || dispatch_status || '/' || sign_status as state, count(*)::int as count
       from transfer_order where tenant_id = ${TENANT_ID} group by 1 order by 2 desc`);
  const bigProducers = await db.query<{ id: number; orders: number }>(
    `select producer_id as id, count(*)::int as orders from transfer_order where tenant_id = ${TENANT_ID}
      group by producer_id order by 2 desc limit ${size.bigProducers}`);
  const [{ lines }] = await db.query<{ lines: number }>(`select count(*)::int as lines from transfer_order_line where tenant_id = ${TENANT_ID}`);
  return {
    orders: statusRows.reduce((sum, row) => sum + row.count, 0),
    lines,
    statuses: Object.fromEntries(statusRows.map((row) => [row.state, row.count])),
    bigProducers,
    referenceMs,
    ordersMs,
    linesMs,
    analyzeMs,
    totalMs,
    orderTableMb: await tableMb(db, 'transfer_order'),
    lineTableMb: await tableMb(db, 'transfer_order_line'),
  };
}
