// Writes the next numbered migration with what the declarations need and the migrated schema lacks.
// Usage: npm run migration:generate -- <name>. Review the file (add data moves or extra columns) before committing.
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/database';
import { MIGRATIONS_DIR, migrate } from '../db/migrate';
import { schemaDrift } from '../db/schema';

async function main() {
  const name = (process.argv[2] ?? 'schema').replace(/[^a-z0-9_]+/gi, '_').toLowerCase();
  const db = await openPglite();
  await migrate(db);
  const statements = await schemaDrift(db);
  await db.close();
  if (statements.length === 0) {
    console.log('The migrations already match the declarations.');
    return;
  }
  const numbers = fs.readdirSync(MIGRATIONS_DIR).map((f) => Number(f.slice(0, 4))).filter(Number.isFinite);
  const file = path.join(MIGRATIONS_DIR, `${String(Math.max(0, ...numbers) + 1).padStart(4, '0')}_${name}.sql`);
  fs.writeFileSync(file, `-- Generated from the resource declarations.\n\n${statements.join('\n\n')}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
