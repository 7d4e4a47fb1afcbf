// Writes the next numbered migration with what the declarations need and the migrated schema lacks.
// Usage: npm run migration:generate -- <name>. Review the file (add data moves or extra columns) before committing.
import path from 'node:path';
import { writeMigration } from '../db/write-migration';
import { runAsScript } from './script';

/** Writes the migration named `name` into `dir` when one is needed; answers what it did, for the console. */
export async function generateMigration(name = 'schema', dir?: string): Promise<string> {
  const file = await writeMigration(name, dir);
  return file === null ? 'The migrations already match the declarations.' : `Wrote ${path.relative(process.cwd(), file)}`;
}

runAsScript(module, () => generateMigration(process.argv[2]).then(console.log));
