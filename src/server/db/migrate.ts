import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './database';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Applies the numbered SQL files of `migrations/` that this database has not seen, each in its own transaction. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    version text primary key, applied_at timestamptz(3) not null default now())`);
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

/**
 * Splits a migration into statements on semicolons at line ends, outside dollar-quoted bodies (`$$ … $$`, `$q$ … $q$`):
 * a function body keeps its own statements.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let quote: string | null = null;
  for (const match of sql.matchAll(/\$[A-Za-z_]*\$|;[ \t]*(?=\r?\n|$)/g)) {
    const token = match[0];
    if (token.startsWith('$')) {
      if (quote === null) quote = token;
      else if (token === quote) quote = null;
    } else if (quote === null) {
      statements.push(sql.slice(start, match.index));
      start = match.index + token.length;
    }
  }
  statements.push(sql.slice(start));
  return statements
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
