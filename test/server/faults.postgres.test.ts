// The server outlives its database connections: sessions ended under concurrent writes answer 503 in the ABP envelope,
// the process stays up, writing works again within seconds, and no acknowledged write is lost.
import pg from 'pg';
import { recyclingWorld } from '../support/recycling-world';
import { sampleForCheck } from '../support/resource-values';
import { expectError } from '../support/server-fixtures';
import { POSTGRES_ADMIN_URL, svc, unique, useTestServer, type CallResult } from '../support/server-harness';

const WRITERS = 24;
const RECOVERY_MS = 5000;

// PostgreSQL only (the pglite project leaves `*.postgres.test.ts` out): PGlite runs inside the server process, with no
// connection the database could end.
describe('database sessions ended during writes', () => {
  const server = useTestServer();
  let admin: string;
  let database: string;
  const creditCodes = new Set<string>();

  beforeAll(async () => {
    admin = await server.token(1, 'admin');
    [{ database }] = await server.db.query<{ database: string }>('select current_database() as database');
  });

  const createEnterprise = () => server.call<{ id: number }>('POST', svc('EnterpriseInformation', 'Create'), {
    token: admin, tenantId: 1, headers: { 'Accept-Language': 'en' },
    body: { name: unique('Fault Co '), creditCode: sampleForCheck('creditCode', creditCodes), corporateType: [3] },
  });

  /** Ends every session of the test database but the admin's own, as an operator or a crashed backend would. */
  async function terminateSessions(): Promise<number> {
    const adminClient = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await adminClient.connect();
    try {
      const rows = await adminClient.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      return rows.rowCount ?? 0;
    } finally {
      await adminClient.end();
    }
  }

  it('answers 503 envelopes while sessions die, recovers within 5 s and keeps every acknowledged write', async () => {
    expect((await createEnterprise()).status).toBe(200);

    const answers: { at: number; response: CallResult }[] = [];
    let faultsDone = false;
    let lastFaultAt = 0;
    const writer = async () => {
      while (!faultsDone) answers.push({ at: Date.now(), response: await createEnterprise() });
    };
    const writers = Array.from({ length: WRITERS }, writer);

    let terminated = 0;
    for (let round = 0; round < 10; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      terminated += await terminateSessions();
      lastFaultAt = Date.now();
    }
    faultsDone = true;
    await Promise.all(writers);
    expect(terminated).toBeGreaterThan(0);

    const statuses = new Set(answers.map((a) => a.response.status));
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200]));
    for (const { response } of answers) {
      if (response.status === 200) continue;
      const error = expectError(response, 503);
      expect(error.message).toBe('The database is unavailable; try again in a moment');
    }
    expect(answers.some((a) => a.response.status === 503)).toBe(true);

    // Writing works again within RECOVERY_MS of the last fault.
    let recovered: CallResult | null = null;
    while (Date.now() - lastFaultAt < RECOVERY_MS) {
      const response = await createEnterprise();
      answers.push({ at: Date.now(), response });
      if (response.status === 200) {
        recovered = response;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered?.status).toBe(200);

    const acknowledged = answers.filter((a) => a.response.status === 200).map((a) => a.response.body.result.id as number);
    const [{ n }] = await server.db.query<{ n: number }>('select count(*)::int as n from enterprise_information where id = any($1::bigint[])', [acknowledged]);
    expect(n).toBe(acknowledged.length);
  });

  it('posts each acknowledged adjustment exactly once through ended sessions, retried with its request id, and the books still balance', async () => {
    const world = recyclingWorld(server, () => admin);
    const homes = await Promise.all(Array.from({ length: 4 }, async () => world.household(await world.place())));
    const adjust = (requestId: string, householdId: number) => server.call<{ id: number }>('POST', svc('Integral', 'IncreasePointsOpt'), {
      token: admin, tenantId: 1, body: { householdId, points: 3, remark: '故障调整', requestId },
    });
    const acknowledged: { requestId: string; id: number }[] = [];
    let faultsDone = false;
    let n = 0;
    const clerk = async () => {
      while (!faultsDone) {
        const requestId = unique('adj-');
        const householdId = homes[(n += 1) % homes.length];
        // Sent again with the same request id until it is answered, as a clerk's client does.
        for (let attempt = 0; attempt < 20; attempt++) {
          const answer = await adjust(requestId, householdId);
          if (answer.status === 200) {
            acknowledged.push({ requestId, id: answer.body.result.id });
            break;
          }
          expect(answer.status).toBe(503);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const clerks = Array.from({ length: 8 }, clerk);
    let terminated = 0;
    for (let round = 0; round < 6; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      terminated += await terminateSessions();
    }
    faultsDone = true;
    await Promise.all(clerks);
    expect(terminated).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);

    const ids = acknowledged.map((a) => a.requestId);
    const [{ postings, present }] = await server.db.query<{ postings: number; present: number }>(
      `select count(*)::int as postings, count(*) filter (where id = any($2::bigint[]))::int as present
         from points_postings where tenant_id = 1 and not server_made and request_id = any($1::text[])`, [ids, acknowledged.map((a) => a.id)]);
    expect(present).toBe(acknowledged.length);
    expect(postings).toBe(acknowledged.length);
    const books = await server.call('GET', svc('Integral', 'GetReconciliation'), { token: admin, tenantId: 1 });
    expect(books.body.result).toMatchObject({ householdsOff: 0, accountsOff: 0, unbalancedPostings: 0, negativeBalances: 0, booksTotal: 0 });
    const balances = await server.db.query<{ points: number }>('select points::int from scheme_user where id = any($1::bigint[])', [homes]);
    expect(balances.reduce((sum, b) => sum + b.points, 0)).toBe(3 * acknowledged.length);
  });
});
