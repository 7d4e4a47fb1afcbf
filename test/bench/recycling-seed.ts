// Bulk data for the recycling bench, written with set-based SQL into tenant 1: one district and street, 20 communities
// of 25 compounds, households spread over the compounds, 50 collectors, and records over the year before the bench
// runs (most approved, some pending, a few rejected). Points and the ledger are left alone: the analyses read records.
import type { Db } from '../../src/server/db/database';
import { recordAudit, rubbishType2 } from '../../src/shared/enums';
import { TENANT_ID } from './harness';
import { seedingAdminId, tableMb, timed } from './seed-sql';

export interface RecyclingSize {
  households: number;
  records: number;
}

export interface RecyclingSeedResult extends RecyclingSize {
  areasMs: number;
  householdsMs: number;
  recordsMs: number;
  analyzeMs: number;
  recordTableMb: number;
}

const COMMUNITIES = 20;
const COMPOUNDS_PER_COMMUNITY = 25;
const COLLECTORS = 50;
const KINDS = `array[${rubbishType2.options.map((o) => o.value).join(', ')}]`;

export async function seedRecycling(db: Db, size: RecyclingSize): Promise<RecyclingSeedResult> {
  const admin = await seedingAdminId(db);
  const areasMs = await timed(async () => {
    await db.query(`insert into area_district (tenant_id, name) values (${TENANT_ID}, '规模测试区')`);
    await db.query(`insert into area_street (tenant_id, qarea_id, name)
      select ${TENANT_ID}, id, '规模测试街道' from area_district where tenant_id = ${TENANT_ID} and name = '规模测试区'`);
    await db.query(`insert into area_community (tenant_id, qarea_id, sarea_id, name)
      select ${TENANT_ID}, s.qarea_id, s.id, '社区' || lpad(i::text, 2, '0') from area_street s, generate_series(1, ${COMMUNITIES}) i
       where s.tenant_id = ${TENANT_ID} and s.name = '规模测试街道'`);
    await db.query(`insert into area_compound (tenant_id, qarea_id, sarea_id, carea_id, name)
      select ${TENANT_ID}, c.qarea_id, c.sarea_id, c.id, c.name || '-小区' || lpad(i::text, 2, '0')
        from area_community c, generate_series(1, ${COMPOUNDS_PER_COMMUNITY}) i
       where c.tenant_id = ${TENANT_ID} and c.name like '社区%'`);
    await db.query(`insert into collector (tenant_id, creator_user_id, name, phone, id_card_number, status)
      select ${TENANT_ID}, $1::bigint, '回收员' || i, '139' || lpad(i::text, 8, '0'), '3301061990' || lpad(i::text, 8, '0'), 1
        from generate_series(1, ${COLLECTORS}) i`, [admin]);
  });
  const householdsMs = await timed(() => db.query(`
    insert into scheme_user (tenant_id, creator_user_id, name, card_no, members, role_level, qarea_id, sarea_id, carea_id, varea_id, enrol_date, status)
    select ${TENANT_ID}, $1::bigint, '住户' || i, 'B' || lpad(i::text, 9, '0'), 1 + i % 5, 1,
           v.qarea_id, v.sarea_id, v.carea_id, v.id, date '2025-01-01' + (i % 300), 1
      from generate_series(1, ${size.households}) i
      join (select row_number() over (order by id) - 1 as n, * from area_compound where tenant_id = ${TENANT_ID} and name like '社区%') v
        on v.n = i % ${COMMUNITIES * COMPOUNDS_PER_COMMUNITY}`, [admin]));
  // The year up to yesterday, evenly: a record every (365 days / records).
  const recordsMs = await timed(() => db.query(`
    insert into recycling_record (tenant_id, creator_user_id, household_id, qarea_id, sarea_id, carea_id, varea_id, rubbish_type2,
      rubbish_type1, weight, record_time, source, audit_status, points, collector_id)
    select ${TENANT_ID}, $1::bigint, h.id, h.qarea_id, h.sarea_id, h.carea_id, h.varea_id, k.kind, k.kind / 10,
           0.2 + (i % 40) / 10.0, now() - interval '1 day' - make_interval(secs => (i::float8 * 365 * 86400 / ${size.records})::int),
           1 + i % 3,
           case when i % 20 = 0 then ${recordAudit.rejected} when i % 20 < 4 then ${recordAudit.pending} else ${recordAudit.approved} end,
           case when i % 20 >= 4 then 5 else 0 end,
           case when i % 10 < 7 then c.ids[1 + i % cardinality(c.ids)] end
      from generate_series(1, ${size.records}) i
      cross join lateral (select (${KINDS})[1 + i % ${rubbishType2.options.length}] as kind) k
      join (select row_number() over (order by id) - 1 as n, * from scheme_user where tenant_id = ${TENANT_ID} and card_no like 'B%') h
        on h.n = (i::bigint * 7919) % ${size.households}
      cross join (select array_agg(id order by id) as ids from collector where tenant_id = ${TENANT_ID}) c`, [admin]));
  const analyzeMs = await timed(async () => {
    for (const table of ['scheme_user', 'recycling_record', 'area_compound', 'collector']) await db.query(`vacuum analyze ${table}`);
  });
  return { ...size, areasMs, householdsMs, recordsMs, analyzeMs, recordTableMb: await tableMb(db, 'recycling_record') };
}
