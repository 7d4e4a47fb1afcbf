import { hotStatement } from '../../src/server/db/database';
import { useTestServer } from '../support/server-harness';

const server = useTestServer();

const TENANT_NAME = hotStatement('test.tenantName', 'select name from tenants where id = $1');

describe('hot statements', () => {
  it('answer what their text answers, every time, inside and outside a transaction', async () => {
    const plain = await server.db.query<{ name: string }>('select name from tenants where id = $1', [1]);
    expect(plain).toHaveLength(1);
    for (let i = 0; i < 7; i += 1) expect(await server.db.query(TENANT_NAME, [1])).toEqual(plain);
    await server.db.transaction(async (tx) => {
      expect(await tx.query(TENANT_NAME, [1])).toEqual(plain);
      expect(await tx.query(TENANT_NAME, [999_999])).toEqual([]);
    });
  });

  it('are kept planned on a PostgreSQL connection (PGlite runs them as text)', async () => {
    const names = await server.db.transaction(async (tx) => {
      await tx.query(TENANT_NAME, [1]);
      return (await tx.query<{ name: string }>('select name from pg_prepared_statements')).map((r) => r.name);
    });
    if (server.db.kind === 'postgres') expect(names).toContain('test.tenantName');
    else expect(names).not.toContain('test.tenantName');
  });

  it('refuse one name for two texts', () => {
    expect(hotStatement('test.tenantName', 'select name from tenants where id = $1')).toEqual(TENANT_NAME);
    expect(() => hotStatement('test.tenantName', 'select 1')).toThrow(/two texts/);
  });
});
