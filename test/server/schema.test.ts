import fs from 'node:fs';
import { migrate, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { schemaDrift } from '../../src/server/db/schema';
import { defineResource, field } from '../../src/shared/resource-kit';
import { RESOURCES } from '../../src/shared/resources';
import { useTestServer } from '../support/server-harness';

const server = useTestServer();
describe('schema', () => {
  it('runs on the database the project asked for', () => {
    expect(server.kind).toBe(process.env.TEST_DB);
    expect(server.db.kind).toBe(process.env.TEST_DB);
  });

  it('has no drift between the resource declarations and the migrations', async () => {
    expect(await schemaDrift(server.db)).toEqual([]);
  });

  it('reports a declared column the migrations lack, and a table they lack', async () => {
    const [first] = RESOURCES;
    const extended = defineResource({ ...first, fields: { ...first.fields, extraNote: field.string({ zh: '备注', en: 'Note' }, { maxLength: 20 }) } });
    const missingTable = defineResource({ ...first, name: 'Ghost', table: 'ghost_table' });
    const drift = await schemaDrift(server.db, [extended, missingTable]);
    expect(drift).toEqual([
      `alter table ${first.table} add column extra_note varchar(20);`,
      expect.stringMatching(/^create table ghost_table \(/),
    ]);
  });

  it('records every migration file as applied', async () => {
    const rows = await server.db.query<{ version: string }>('select version from schema_migrations order by version');
    const files = fs.readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((r) => r.version)).toEqual(files);
    // Running them again finds nothing to do.
    expect(await migrate(server.db)).toEqual([]);
  });
});
