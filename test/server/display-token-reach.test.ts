// What an access token obtained with a display token reaches: the wall's own calls, and nothing else of the API,
// whatever its account holds. Every method the server dispatches is tried, from the registry it dispatches from.
import { DISPLAY_AUTH_PATH } from '../../src/shared/bigdata';
import { translate } from '../../src/shared/locales';
import type { Language } from '../../src/shared/resource-kit';
import { createTenant, expectError, expectSuccess, userWithPermissions } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';

const server = useTestServer();

/** The calls of the wall page and its sagas (session at start, the hub's catch-up, the screen's figures). */
const WALL_CALLS = [
  'BigData/GetEnterpriseCard', 'BigData/GetOverview', 'BigData/GetReplay', 'BigData/GetWallSettings',
  'Events/GetEventsAfter', 'Session/GetCurrentLoginInformations',
  'TransferOrder/GetProductionWasteStatistics', 'TransferOrder/GetTransferOrderTimeStatistics',
].map((name) => name.toLowerCase()).sort();

let tenantId: number;
let admin: string;
let display: Awaited<ReturnType<typeof userWithPermissions>>;
let wallToken: string;

beforeAll(async () => {
  tenantId = (await createTenant(server)).id;
  admin = await server.token(tenantId, 'admin', '123qwe');
  display = await userWithPermissions(server, admin, tenantId, ['Pages.BigData']);
  const issued = expectSuccess(await server.call<{ token: string }>('POST', svc('BigData', 'CreateDisplayToken'), {
    token: admin, body: { userId: display.id, name: 'Hall' },
  }));
  wallToken = expectSuccess(await server.call<{ accessToken: string }>('POST', DISPLAY_AUTH_PATH, { body: { displayToken: issued.token } })).accessToken;
});

const wallOnly = (language: Language) => translate(language, 'bigdata.displayTokenWallOnly');

describe('an access token of a display token', () => {
  it('reaches the wall\'s own methods and no other method of the API', async () => {
    const methods = server.app.registry.all();
    const reached: string[] = [];
    const refusedOtherwise: string[] = [];
    for (const method of methods) {
      const name = `${method.service}/${method.method}`;
      const useQuery = method.verb === 'GET' || method.verb === 'DELETE';
      const response = await server.call(method.verb, svc(method.service, method.method), {
        token: wallToken, ...(useQuery ? { query: {} } : { body: {} }), headers: { 'accept-language': 'en' },
      });
      const stopped = response.status === 403 && response.body?.error?.message === wallOnly('en-US') && response.body.unAuthorizedRequest;
      if (!stopped) reached.push(name.toLowerCase());
      else if (WALL_CALLS.includes(name.toLowerCase())) refusedOtherwise.push(name);
    }
    // Figures the README quotes: how many methods were tried with a display token, and how many it reached.
    console.info(`display token sweep: ${methods.length} methods tried, ${reached.length} reached`);
    expect(methods.length).toBeGreaterThan(100);
    expect(refusedOtherwise).toEqual([]);
    expect([...new Set(reached)].sort()).toEqual(WALL_CALLS);
  }, 120_000);

  it('still reads the wall, and is refused elsewhere in the ABP envelope in the caller\'s language', async () => {
    expectSuccess(await server.call('GET', svc('BigData', 'GetOverview'), { token: wallToken }));
    expectSuccess(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: wallToken }));
    const refused = expectError(await server.call('GET', svc('BHUsers', 'GetBHUsersAll'), { token: wallToken, headers: { 'accept-language': 'zh-CN' } }), 403, true);
    expect(refused.message).toBe(wallOnly('zh-CN'));
    expectError(await server.call('GET', svc('Igcs_Collector', 'GetCollectorAll'), { token: wallToken }), 403, true);
    expectError(await server.call('POST', svc('User', 'ChangePwd'), { token: wallToken, body: {} }), 403, true);
    // The service and method are looked up case-insensitively; so is the allow-list.
    expectSuccess(await server.call('GET', '/api/services/app/bigdata/getoverview', { token: wallToken }));
    expectError(await server.call('GET', '/api/services/app/bhusers/getbhusersall', { token: wallToken }), 403, true);
  });

  it('does not confine a person who signed in with a password to the same account', async () => {
    expectSuccess(await server.call('GET', svc('Notification', 'GetUserNotifications'), { token: display.token }));
    expectSuccess(await server.call('GET', svc('BHUsers', 'GetBHUsersAll'), { token: display.token }));
  });

  it('reads no stored file either', async () => {
    expectError(await server.call('GET', '/api/files/1', { token: wallToken }), 403, true);
  });
});
