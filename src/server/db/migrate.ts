import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Applies the numbered SQL files of `migrations/` that this database has not seen, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    version text primary key, applied_at timestamp not null default now())`);
  const applied = new Set((await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
  const pending = fs.readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort().filter((f) => !applied.has(f));
  for (const file of pending) {
    const sql = fs.readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
    });
  }
  return pending;
}

/** Splits a migration on semicolons at line ends; migrations avoid functions with bodies, so this is enough. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
