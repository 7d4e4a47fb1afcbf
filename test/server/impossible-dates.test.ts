// Every date and date-time parameter the API declares, tried with dates no calendar has: each answers 400 in the ABP
// envelope naming the parameter (never a 500), and nothing is stored. Fields of the declared resources' Create and
// Update are tried by the resources' contract test; nested device times (`readings[i].at`) by their modules' tests.
import { parameterName, type AppMethod, type MethodParameter } from '../../src/server/http/app-services';
import { expectError } from '../support/server-fixtures';
import { IMPOSSIBLE_DATES } from '../support/resource-values';
import { svc, useTestServer } from '../support/server-harness';

// Nothing writes in the background (the sweeper stays off): whatever changes between the two stamps, a call stored.
const server = useTestServer({ env: { SWEEP_INTERVAL_MS: '0' } });

/** What a call needs besides the parameter tried, so that the date is what it answers about. */
const REQUIRED: Record<string, Record<string, string | number>> = {
  'TransferOrder/GetTransferOrderTimeStatistics': { Start: '2026-11-01' },
};

const isTime = (p: MethodParameter): p is { name: string; format: 'date' | 'date-time' } => typeof p !== 'string';
const engineWrite = (m: AppMethod) => m.method === 'Create' || m.method === 'Update';

/** A stamp of every table: its rows and the newest row version, which any insert, update or delete changes. */
async function fingerprint(): Promise<string> {
  const tables = await server.db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`);
  const parts = await Promise.all(tables.map(async ({ name }) => {
    const [row] = await server.db.query<{ n: number; v: string | null }>(`select count(*)::int as n, max(xmin::text) as v from "${name}"`);
    return `${name}:${row.n}:${row.v}`;
  }));
  return parts.join(',');
}

const timed = () => server.app.registry.all()
  .filter((m) => !engineWrite(m))
  .flatMap((m) => (m.parameters ?? []).filter(isTime).map((p) => ({ method: m, parameter: p })));

describe('impossible dates', () => {
  it('are looked for in every method that declares a date or a time', () => {
    const names = timed().map(({ method, parameter }) => `${method.service}/${method.method}.${parameter.name}`);
    // The API's date inputs beyond the declared resources' own: the analyses, the ledger, the tracks and the statistics.
    for (const expected of ['Rblist/GetRblistTrend.From', 'Integral/GetPointsFlow.To', 'Integral/GetAll.From', 'Igcs_Location/GetTrack.Date',
      'TransferOrder/GetTransferOrderTimeStatistics.Start', 'Rblist/GetAll.recordTimeFrom', 'TransferOrder/GetAll.plannedDateTo',
      'EquipmentWarning/GetAll.raisedAtFrom', 'BHUsers/GetAll.enrolDateTo']) {
      expect(names).toContain(expected);
    }
  });

  it('answer 400 naming the parameter and store nothing, on every call', async () => {
    const admin = await server.token(1, 'admin');
    const before = await fingerprint();
    for (const { method, parameter } of timed()) {
      for (const impossible of IMPOSSIBLE_DATES) {
        const values = { ...REQUIRED[`${method.service}/${method.method}`], [parameter.name]: impossible };
        const inQuery = method.verb === 'GET' || method.verb === 'DELETE';
        const answer = await server.call(method.verb, svc(method.service, method.method), inQuery ? { token: admin, query: values } : { token: admin, body: values });
        const where = `${method.service}/${method.method} ${parameter.name}=${impossible}`;
        expect({ where, status: answer.status }).toEqual({ where, status: 400 });
        const error = expectError(answer, 400);
        const members = (error.validationErrors ?? []).flatMap((e) => e.members.map((m) => m.toLowerCase()));
        expect({ where, members }).toEqual({ where, members: expect.arrayContaining([parameterName(parameter).toLowerCase()]) });
      }
    }
    expect(await fingerprint()).toBe(before);
  });
});
