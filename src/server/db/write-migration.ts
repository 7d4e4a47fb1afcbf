import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from './database';
import { MIGRATIONS_DIR, migrate } from './migrate';
import { schemaDrift } from './schema';

/**
 * Migrates a new database from the migrations in `dir` and writes there, as the next numbered migration, what the
 * resource declarations need and that schema lacks: the file's path, or null when nothing is missing.
 */
export async function writeMigration(name: string, dir = MIGRATIONS_DIR): Promise<string | null> {
  const db = await openPglite();
  try {
    await migrate(db, dir);
    const statements = await schemaDrift(db);
    if (statements.length === 0) return null;
    const numbers = fs.readdirSync(dir).map((f) => Number(f.slice(0, 4))).filter(Number.isFinite);
    const file = path.join(dir, `${String(Math.max(0, ...numbers) + 1).padStart(4, '0')}_${name.replace(/[^a-z0-9_]+/gi, '_').toLowerCase()}.sql`);
    fs.writeFileSync(file, `-- Generated from the resource declarations.\n\n${statements.join('\n\n')}\n`);
    return file;
  } finally {
    await db.close();
  }
}
