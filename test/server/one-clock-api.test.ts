// The API's clock: instants leave the server with the tenant's offset whatever the database session's zone, the zone
// is served as ABP serves it, and a tenant's administrator changes it (and only they, and only their tenant's).
import { DISPLAY_AUTH_PATH } from '../../src/shared/bigdata';
import { parseZonedInstant } from '../../src/shared/time';
import {
  createTenant, expectError, expectSuccess, expectValidationError, userWithPermissions,
} from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';

const server = useTestServer();
const SETTINGS = 'Pages.Administration.Tenant.Settings';

interface Timing {
  timeZoneInfo: {
    windows: { timeZoneId: string; baseUtcOffsetInMilliseconds: number; currentUtcOffsetInMilliseconds: number; isDaylightSavingTimeNow: boolean };
    iana: { timeZoneId: string };
  };
}
interface Configuration {
  timing: Timing;
  setting: { values: Record<string, string> };
}

const configuration = async (token: string) =>
  expectSuccess(await server.call<Configuration>('GET', '/AbpUserConfiguration/GetAll', { token }));
const settings = (token: string) => server.call<{ general: { timezone: string } }>('GET', svc('TenantSettings', 'GetAllSettings'), { token });
const changeZone = (token: string, general: unknown) => server.call('PUT', svc('TenantSettings', 'UpdateAllSettings'), { token, body: { general } });
const users = async (token: string) =>
  expectSuccess(await server.call<{ items: { userName: string; creationTime: string }[] }>('GET', svc('User', 'GetAll'), { token })).items;

let tenantId: number;
let admin: string;

beforeAll(async () => {
  tenantId = (await createTenant(server)).id;
  admin = await server.token(tenantId, 'admin', '123qwe');
});

describe('instants in answers', () => {
  it('carry the tenant\'s offset and name the moment they happened, though the database session is far from China', async () => {
    const before = Date.now();
    const clerk = await userWithPermissions(server, admin, tenantId, ['Pages.Users']);
    const created = (await users(admin)).find((u) => u.userName === clerk.userName)!.creationTime;
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+08:00$/);
    const at = parseZonedInstant(created)!;
    expect(at).toBeGreaterThanOrEqual(before - 2000);
    expect(at).toBeLessThanOrEqual(Date.now() + 2000);
  });

  it('and the configuration serves the zone as ABP does', async () => {
    const { timing, setting } = await configuration(admin);
    expect(timing.timeZoneInfo).toEqual({
      windows: { timeZoneId: 'China Standard Time', baseUtcOffsetInMilliseconds: 28_800_000, currentUtcOffsetInMilliseconds: 28_800_000, isDaylightSavingTimeNow: false },
      iana: { timeZoneId: 'Asia/Shanghai' },
    });
    expect(setting.values['Abp.Timing.TimeZone']).toBe('China Standard Time');
  });
});

describe('the tenant\'s zone', () => {
  it('is listed among the zones to choose from, by offset', async () => {
    const { items } = expectSuccess(await server.call<{ items: { name: string; value: string }[] }>('GET', svc('Timing', 'GetTimezones'), { token: admin }));
    expect(items).toContainEqual({ name: '(UTC+08:00) Asia/Shanghai', value: 'Asia/Shanghai' });
    expect(items.findIndex((z) => z.value === 'Asia/Tokyo')).toBeGreaterThan(items.findIndex((z) => z.value === 'Asia/Shanghai'));
    expectError(await server.call('GET', svc('Timing', 'GetTimezones')), 401, true);
  });

  it('is changed by the tenant\'s administrator: answers and configuration follow, other tenants keep theirs', async () => {
    const other = await createTenant(server);
    const otherAdmin = await server.token(other.id, 'admin', '123qwe');
    expect(expectSuccess(await settings(otherAdmin)).general.timezone).toBe('Asia/Shanghai');
    expectSuccess(await changeZone(otherAdmin, { timezone: 'America/New_York' }));
    expect(expectSuccess(await settings(otherAdmin)).general.timezone).toBe('America/New_York');

    const { timing } = await configuration(otherAdmin);
    expect(timing.timeZoneInfo.iana.timeZoneId).toBe('America/New_York');
    expect(timing.timeZoneInfo.windows.baseUtcOffsetInMilliseconds).toBe(-5 * 3_600_000);
    for (const user of await users(otherAdmin)) expect(user.creationTime).toMatch(/-0[45]:00$/);
    for (const user of await users(admin)) expect(user.creationTime).toMatch(/\+08:00$/);
    expect((await configuration(admin)).timing.timeZoneInfo.iana.timeZoneId).toBe('Asia/Shanghai');
  });

  it('keeps the platform\'s spelling of a zone and refuses what is not one, naming the field and changing nothing', async () => {
    const tenant = await createTenant(server);
    const token = await server.token(tenant.id, 'admin', '123qwe');
    expectSuccess(await changeZone(token, { timezone: 'asia/tokyo' }));
    expect(expectSuccess(await settings(token)).general.timezone).toBe('Asia/Tokyo');
    for (const bad of ['Mars/Olympus', '', 'UTC+8', 42, null, ['Asia/Shanghai'], 'x'.repeat(300)]) {
      expectValidationError(await changeZone(token, { timezone: bad }), 'general.timezone');
    }
    expectValidationError(await changeZone(token, undefined), 'general.timezone');
    expectValidationError(await changeZone(token, 'Asia/Shanghai'), 'general.timezone');
    expect(expectSuccess(await settings(token)).general.timezone).toBe('Asia/Tokyo');
  });

  it('is read and changed only with the settings permission, never by the host, a clerk or a wall display', async () => {
    expectError(await settings(''), 401, true);
    expectError(await changeZone('', { timezone: 'UTC' }), 401, true);
    const clerk = await userWithPermissions(server, admin, tenantId, ['Pages.Users', 'Pages.BigData']);
    expectError(await settings(clerk.token), 403, true);
    expectError(await changeZone(clerk.token, { timezone: 'UTC' }), 403, true);
    const host = await server.token(null, 'admin');
    expectError(await changeZone(host, { timezone: 'UTC' }), 403, true);
    const display = await userWithPermissions(server, admin, tenantId, ['Pages.BigData']);
    const issued = expectSuccess(await server.call<{ token: string }>('POST', svc('BigData', 'CreateDisplayToken'),
      { token: admin, body: { userId: display.id, name: 'Wall' } }));
    const wall = expectSuccess(await server.call<{ accessToken: string }>('POST', DISPLAY_AUTH_PATH, { body: { displayToken: issued.token } }));
    expectError(await changeZone(wall.accessToken, { timezone: 'UTC' }), 403, true);
    const holder = await userWithPermissions(server, admin, tenantId, [SETTINGS]);
    expect(expectSuccess(await settings(holder.token)).general.timezone).toBe('Asia/Shanghai');
  });

  it('counts the tenant\'s recycling months again on its new calendar, also when two changes race', async () => {
    const tenant = await createTenant(server);
    const token = await server.token(tenant.id, 'admin', '123qwe');
    const t = tenant.id;
    const [district] = await server.db.query<{ id: number }>(`insert into area_district (tenant_id, name) values ($1, '西湖区') returning id`, [t]);
    const [street] = await server.db.query<{ id: number }>(`insert into area_street (tenant_id, qarea_id, name) values ($1, $2, '北山街道') returning id`, [t, district.id]);
    const [community] = await server.db.query<{ id: number }>(
      `insert into area_community (tenant_id, qarea_id, sarea_id, name) values ($1, $2, $3, '保俶社区') returning id`, [t, district.id, street.id]);
    const [compound] = await server.db.query<{ id: number }>(`insert into area_compound (tenant_id, qarea_id, sarea_id, carea_id, name)
      values ($1, $2, $3, $4, '宝石小区') returning id`, [t, district.id, street.id, community.id]);
    const [household] = await server.db.query<{ id: number }>(`insert into scheme_user (tenant_id, name, card_no, members, role_level,
      qarea_id, sarea_id, carea_id, varea_id, enrol_date, status) values ($1, '张三', $2, 3, 1, $3, $4, $5, $6, '2026-01-01', 1) returning id`,
    [t, `Z${t}`, district.id, street.id, community.id, compound.id]);
    // 1 December 06:00 in China, 30 November 17:00 in New York.
    await server.db.query(`insert into recycling_record (tenant_id, household_id, qarea_id, sarea_id, carea_id, varea_id, rubbish_type2,
      rubbish_type1, weight, record_time, source, audit_status) values ($1, $2, $3, $4, $5, $6, 11, 1, 2.5, '2026-11-30T22:00:00Z', 2, 2)`,
    [t, household.id, district.id, street.id, community.id, compound.id]);
    const months = () => server.db.query<{ month: string; records: number }>('select month, records from recycling_month where tenant_id = $1', [t]);
    expect(await months()).toEqual([{ month: '2026-12-01', records: 1 }]);
    expectSuccess(await changeZone(token, { timezone: 'America/New_York' }));
    expect(await months()).toEqual([{ month: '2026-11-01', records: 1 }]);
    const raced = await Promise.all([changeZone(token, { timezone: 'Asia/Shanghai' }), changeZone(token, { timezone: 'America/Chicago' })]);
    for (const answer of raced) expectSuccess(answer);
    const zone = expectSuccess(await settings(token)).general.timezone;
    expect(await months()).toEqual([{ month: zone === 'Asia/Shanghai' ? '2026-12-01' : '2026-11-01', records: 1 }]);
  });
});
