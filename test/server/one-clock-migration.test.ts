// The migration to instants converts each column by the convention it was written under, on a database whose session
// zone is far from China: session-zone stamps, UTC wall clocks from JavaScript, China wall times from forms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Db } from '../../src/server/db/database';
import { migrate, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { createPostgresDatabase, HOSTILE_SESSION_ZONES, testDbKind } from '../support/server-harness';

const CONVERSION = '0033_one_clock.sql';

let db: Db;
let drop: () => Promise<void> = async () => {};
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));

beforeAll(async () => {
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < CONVERSION)) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
  }
  if (testDbKind() === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    db = await openPostgres(created.url, 1);
  } else {
    db = await openPglite();
    await db.query(`set timezone to '${HOSTILE_SESSION_ZONES.pglite}'`);
  }
  await migrate(db, before);
}, 120_000);

afterAll(async () => {
  await db?.close();
  await drop();
  fs.rmSync(before, { recursive: true, force: true });
});

const instant = async (query: string, params: unknown[] = []) => (await db.query<{ at: string }>(query, params))[0].at;

describe('the conversion to instants', () => {
  let sessionZone: string;

  beforeAll(async () => {
    [{ zone: sessionZone }] = await db.query<{ zone: string }>('select current_setting(\'TimeZone\') as zone');
    await db.query(`insert into tenants (id, tenancy_name, name) values (1, 'Default', 'Default')`);
    await db.query(`insert into roles (tenant_id, name, normalized_name, display_name, is_static) values (1, 'Admin', 'ADMIN', 'Admin', true)`);
    await db.query(`insert into area_district (id, tenant_id, name) values (1, 1, '西湖区')`);
    await db.query(`insert into area_street (id, tenant_id, qarea_id, name) values (1, 1, 1, '北山街道')`);
    await db.query(`insert into area_community (id, tenant_id, qarea_id, sarea_id, name) values (1, 1, 1, 1, '保俶社区')`);
    await db.query(`insert into area_compound (id, tenant_id, qarea_id, sarea_id, carea_id, name) values (1, 1, 1, 1, 1, '宝石小区')`);
    await db.query(`insert into scheme_user (id, tenant_id, name, card_no, members, role_level, qarea_id, sarea_id, carea_id, varea_id, enrol_date, status)
      values (1, 1, '张三', 'C0001', 3, 1, 1, 1, 1, 1, '2026-01-01', 1)`);
    const record = (id: number, source: number, wall: string, audit = 2) => db.query(
      `insert into recycling_record (id, tenant_id, household_id, qarea_id, sarea_id, carea_id, varea_id, rubbish_type2, rubbish_type1, weight,
         record_time, source, audit_status) values ($1, 1, 1, 1, 1, 1, 1, 11, 1, 2.5, $2, $3, $4)`, [id, wall, source, audit]);
    // A record typed in at China 07:00 on the 18th, and a station's of the same instant written from toISOString().
    await record(1, 3, '2026-11-18 07:00:00');
    await record(2, 2, '2026-11-17 23:00:00');
    // Typed in at China 06:00 on 1 December: still November in UTC, December for the tenant.
    await record(3, 1, '2026-12-01 06:00:00');
    await db.query(`insert into collector (id, tenant_id, name, phone, id_card_number, status) values (1, 1, '李四', '13800000000', '110101199003077777', 1)`);
    await db.query(`insert into collector_location (tenant_id, collector_id, longitude, latitude, at) values (1, 1, 120.1, 30.2, '2026-11-17 23:00:00')`);
    // Stamped by the session: its wall clock, in its zone.
    await db.query(`insert into login_attempts (key, failures, locked_until, last_failure_time) values ('k', 1, '2026-11-28 01:00:00', '2026-11-28 00:55:00')`);
    await db.query(`insert into live_events (tenant_key, seq, type, topic, payload, created_at)
      values (1, 1, 'warning.raised', 'monitoring', '{"raisedAt": "2026-11-28T01:00:00.25", "note": "2026-11-28T01:00:00 is text", "nested": [{"at": "2026-11-28T01:00:00"}]}', '2026-11-28 01:00:00')`);
    await migrate(db);
  }, 120_000);

  const inSession = async (wall: string) => instant(`select ($1::text::timestamp at time zone $2::text) as at`, [wall, sessionZone]);

  it('runs in a session far from China', () => {
    expect(sessionZone).not.toMatch(/Shanghai|UTC|Etc/);
  });

  it('reads typed-in records as China wall time and station records as UTC, so both are one instant', async () => {
    expect(await instant('select record_time as at from recycling_record where id = 1')).toBe('2026-11-17T23:00:00.000Z');
    expect(await instant('select record_time as at from recycling_record where id = 2')).toBe('2026-11-17T23:00:00.000Z');
    expect(await instant('select record_time as at from recycling_record where id = 3')).toBe('2026-11-30T22:00:00.000Z');
    expect(await instant('select at from collector_location')).toBe('2026-11-17T23:00:00.000Z');
  });

  it('reads session stamps in the session\'s zone', async () => {
    expect(await instant('select locked_until as at from login_attempts')).toBe(await inSession('2026-11-28 01:00:00'));
    expect(await instant('select created_at as at from live_events')).toBe(await inSession('2026-11-28 01:00:00'));
    const columns = await db.query<{ type: string }>(`select distinct data_type as type from information_schema.columns
      where table_schema = current_schema() and data_type like 'timestamp%'`);
    expect(columns).toEqual([{ type: 'timestamp with time zone' }]);
  });

  it('builds the derived figures again: the latest record and the months of the tenant\'s calendar', async () => {
    expect(await instant('select last_record_time as at from scheme_user where id = 1')).toBe('2026-11-30T22:00:00.000Z');
    const months = await db.query<{ month: string; records: number }>('select month, records from recycling_month order by month');
    expect(months).toEqual([{ month: '2026-11-01', records: 2 }, { month: '2026-12-01', records: 1 }]);
    // A record written after the conversion counts in its tenant's month too.
    await db.query(`insert into recycling_record (id, tenant_id, household_id, qarea_id, sarea_id, carea_id, varea_id, rubbish_type2, rubbish_type1,
      weight, record_time, source, audit_status) values (4, 1, 1, 1, 1, 1, 1, 11, 1, 1, '2026-11-30T16:30:00Z', 2, 2)`);
    expect(await db.query('select month, records from recycling_month order by month'))
      .toEqual([{ month: '2026-11-01', records: 2 }, { month: '2026-12-01', records: 2 }]);
  });

  it('rewrites zone-less times inside the event log\'s payloads as instants and leaves other text alone', async () => {
    const [{ payload }] = await db.query<{ payload: Record<string, unknown> }>('select payload from live_events');
    const expected = (await inSession('2026-11-28 01:00:00')).replace('.000Z', '.250Z');
    expect(payload).toEqual({ raisedAt: expected, note: '2026-11-28T01:00:00 is text', nested: [{ at: await inSession('2026-11-28 01:00:00') }] });
  });

  it('gives every tenant China\'s zone and its administrators the settings permission', async () => {
    expect(await db.query('select time_zone from tenants')).toEqual([{ time_zone: 'Asia/Shanghai' }]);
    expect(await db.query(`select p.name from role_permissions p join roles r on r.id = p.role_id where r.name = 'Admin'`))
      .toEqual([{ name: 'Pages.Administration.Tenant.Settings' }]);
  });
});
