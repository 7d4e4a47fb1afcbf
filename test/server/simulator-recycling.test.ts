// The simulator's households, driven against a test server through the devices' real endpoints: it builds its world
// once, drops off, redeems and restocks, and leaves the books balanced and every hold it abandoned to the sweep.
import { login } from '../../src/server/cli/simulator/api';
import { mulberry32 } from '../../src/server/cli/simulator/devices';
import { driveHousehold, keepMachines, newSchemeStats, prepareScheme } from '../../src/server/cli/simulator/recycling';
import { releaseExpiredHolds } from '../../src/server/modules/points/redemption';
import { reconcile } from '../../src/server/modules/points';
import { createUser } from '../support/server-fixtures';
import { useTestServer } from '../support/server-harness';

const server = useTestServer();
const connection = () => ({ url: server.baseUrl, tenant: 'Default', user: 'admin', password: '123qwe' });

it('builds its world once, then households drop off, earn points and redeem at restocked machines', async () => {
  const api = await login(connection());
  const scheme = await prepareScheme(api, 3);
  expect(scheme.households).toHaveLength(3);
  expect(scheme.machines).toHaveLength(2);
  // A second start finds what the first made instead of making it again.
  const again = await prepareScheme(await login(connection()), 3);
  expect(again.households.map((h) => h.id)).toEqual(scheme.households.map((h) => h.id));
  expect(again.machines.map((m) => m.id)).toEqual(scheme.machines.map((m) => m.id));

  const stats = newSchemeStats();
  const stop = new AbortController();
  const keeper = keepMachines(api, again, stats, stop.signal);
  // Drop-offs every 0.5 s or so, so a few seconds see points earned and spent.
  const homes = again.households.map((h, i) => driveHousehold(api, again, h, 120, mulberry32(7 + i), stats, stop.signal));
  await new Promise((resolve) => setTimeout(resolve, 6000));
  stop.abort();
  await Promise.all([keeper, ...homes]);

  expect(stats.errors).toBe(0);
  expect(stats.dropOffs).toBeGreaterThanOrEqual(6);
  const [stored] = await server.db.query<{ records: number; points: number }>(
    `select count(*)::int as records, coalesce(sum(r.points), 0)::int as points from recycling_record r
       join scheme_user h on h.id = r.household_id where h.card_no like 'SIMH%'`);
  expect(stored.records).toBe(stats.dropOffs);
  expect(stored.points).toBe(stats.awarded);
  const [slots] = await server.db.query<{ loaded: number }>(
    'select count(*)::int as loaded from exchange_slot where machine_id = any($1::bigint[]) and quantity > 0', [again.machines.map((m) => m.id)]);
  expect(slots.loaded).toBe(12);
  const [holds] = await server.db.query<{ n: number }>('select count(*)::int as n from exchange_hold');
  expect(holds.n).toBe(stats.holds);

  // What the simulated machines left unsettled times out; then every balance is its ledger's, and the books balance.
  await releaseExpiredHolds(server.app.services, server.app.registry.resources, Date.now() + 3600_000);
  expect((await server.db.query('select 1 from exchange_hold where state = 1'))).toHaveLength(0);
  expect(await reconcile(server.db, 1)).toMatchObject({ householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 });
}, 60_000);

it('refuses to start as a user who must choose a new password first, saying so', async () => {
  const admin = await server.token(1, 'admin');
  const user = await createUser(server, admin, 1);
  await server.db.query('update users set should_change_password_on_next_login = true where id = $1', [user.id]);
  await expect(login({ ...connection(), user: user.userName, password: user.password })).rejects.toThrow(/must choose a new password first/);
});
