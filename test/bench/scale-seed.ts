// Bulk data for the scale bench, written with set-based SQL straight into the tables (a million API calls would take far
// longer). Values are plausible rather than valid in every detail: credit codes skip their check digit.
import type { Db } from '../../src/server/db/database';
import { round } from './stats';
import { TENANT_ID } from './harness';
import { seedingAdminId, tableMb, textArray, timed, WASTE_NAMES } from './seed-sql';

export interface ScaleSize {
  enterprises: number;
  wasteRecords: number;
}

export interface SeedResult {
  enterprises: number;
  producers: number;
  wasteRecords: number;
  enterprisesMs: number;
  wasteRecordsMs: number;
  /** `vacuum analyze` of both tables. */
  analyzeMs: number;
  totalMs: number;
  /** Heap plus indexes, MB. */
  enterpriseTableMb: number;
  wasteTableMb: number;
}

// Four districts, so region filters and names are not all alike: [province, city, county, name].
const REGIONS = [
  ['33', '3301', '330106', '浙江省杭州市西湖区'],
  ['32', '3201', '320102', '江苏省南京市玄武区'],
  ['44', '4401', '440106', '广东省广州市天河区'],
  ['11', '1101', '110105', '北京市市辖区朝阳区'],
];

const column = (index: number) => textArray(REGIONS.map((r) => r[index]));

/**
 * Six in ten enterprises produce waste ({2}), two transport ({3}), one receives ({1}) and one receives and transports
 * ({1,3}), in that order by id modulo 10, so every page mixes kinds and the producers' filter keeps most rows.
 */
function enterprisesSql(count: number): string {
  return `
    insert into enterprise_information (tenant_id, creator_user_id, creation_time, name, credit_code, corporate_type, scale,
      industrycategory_id, province_code, city_code, county_code, region_name, address, longitude, latitude, contact_person,
      contact_phone, license_number, licensed_wastecode_ids, wastecategory_ids, wastecode_ids)
    select ${TENANT_ID}, $1::bigint, timestamp '2024-01-01' + make_interval(mins => i),
      '规模测试企业' || lpad(i::text, 7, '0'),
      '9133' || lpad(i::text, 14, '0'),
      case when i % 10 < 6 then '{2}'::integer[] when i % 10 < 8 then '{3}' when i % 10 = 8 then '{1}' else '{1,3}' end,
      case when i % 10 < 6 then 1 + i % 6 end,
      ic.ids[1 + i % cardinality(ic.ids)],
      (${column(0)})[1 + i % 4], (${column(1)})[1 + i % 4], (${column(2)})[1 + i % 4], (${column(3)})[1 + i % 4],
      '工业园区' || (i % 500) || '号',
      120 + (i % 1000) / 1000.0, 30 + (i % 1000) / 1000.0,
      '联系人' || (i % 100),
      '138' || lpad((i % 100000000)::text, 8, '0'),
      case when i % 10 >= 8 then '许可证' || i end,
      case when i % 10 >= 8 then array[wc.ids[1 + i % cardinality(wc.ids)], wc.ids[1 + (i + 7) % cardinality(wc.ids)]] end,
      case when i % 10 < 6 then array[wc.categories[1 + i % cardinality(wc.ids)]] end,
      case when i % 10 < 6 then array[wc.ids[1 + i % cardinality(wc.ids)]] end
    from generate_series(1, ${count}) i
    cross join (select array_agg(id order by id) as ids from industry_category
                 where tenant_id = ${TENANT_ID} and level = 'class' and not is_deleted) ic
    cross join (select array_agg(id order by id) as ids, array_agg(wastecategory_id order by id) as categories from waste_code
                 where tenant_id = ${TENANT_ID} and not is_deleted) wc`;
}

/** Records spread evenly over the producers (ten or more each for a million), codes cycling through the national list. */
function wasteRecordsSql(count: number): string {
  return `
    insert into hazardous_waste_information (tenant_id, creator_user_id, creation_time, enterprise_id, wastecode_id, name,
      waste_type, physical_characteristics, generation_source, container_type, container_capacity, container_material,
      packaging_method, purpose, hazard_characteristics, status)
    select ${TENANT_ID}, $1::bigint, timestamp '2024-06-01' + make_interval(secs => i),
      p.ids[1 + i % cardinality(p.ids)],
      wc.ids[1 + (i / 7) % cardinality(wc.ids)],
      (${textArray(WASTE_NAMES)})[1 + i % ${WASTE_NAMES.length}] || '-' || (i % 1000),
      1 + i % 4, 1 + i % 3, 1 + i % 8, 1 + i % 3, 1 + i % 5, 1 + i % 4, 1 + i % 4, 1 + i % 4,
      case i % 4 when 0 then '{T}'::text[] when 1 then '{C}' when 2 then '{T,I}' else '{T,C}' end,
      0
    from generate_series(1, ${count}) i
    cross join (select array_agg(id order by id) as ids from enterprise_information
                 where tenant_id = ${TENANT_ID} and corporate_type @> '{2}' and not is_deleted) p
    cross join (select array_agg(id order by id) as ids from waste_code where tenant_id = ${TENANT_ID} and not is_deleted) wc`;
}

/** Fills tenant 1 of a migrated, seeded database; the tables must hold none of the tenant's rows yet. */
export async function seedScale(db: Db, size: ScaleSize): Promise<SeedResult> {
  const adminId = await seedingAdminId(db);
  const started = performance.now();
  const enterprisesMs = await timed(() => db.query(enterprisesSql(size.enterprises), [adminId]));
  const wasteRecordsMs = await timed(() => db.query(wasteRecordsSql(size.wasteRecords), [adminId]));
  // Vacuum as well: autovacuum would otherwise do it on PostgreSQL minutes later, in the middle of the measurements,
  // and the visibility map it writes decides whether counts can be index-only scans.
  const analyzeMs = await timed(async () => {
    await db.query('vacuum analyze enterprise_information');
    await db.query('vacuum analyze hazardous_waste_information');
  });
  const totalMs = round(performance.now() - started, 0);
  const [counts] = await db.query<{ enterprises: number; producers: number; records: number }>(
    `select (select count(*)::int from enterprise_information where tenant_id = ${TENANT_ID}) as enterprises,
            (select count(*)::int from enterprise_information where tenant_id = ${TENANT_ID} and corporate_type @> '{2}') as producers,
            (select count(*)::int from hazardous_waste_information where tenant_id = ${TENANT_ID}) as records`);
  return {
    enterprises: counts.enterprises,
    producers: counts.producers,
    wasteRecords: counts.records,
    enterprisesMs,
    wasteRecordsMs,
    analyzeMs,
    totalMs,
    enterpriseTableMb: await tableMb(db, 'enterprise_information'),
    wasteTableMb: await tableMb(db, 'hazardous_waste_information'),
  };
}
