// Writes the next numbered migration with what the declarations need and the migrated schema lacks.
// Usage: npm run migration:generate -- <name>. Review the file (add data moves or extra columns) before committing.
import path from 'node:path';
import { writeMigration } from '../db/write-migration';

writeMigration(process.argv[2] ?? 'schema').then(
  (file) => console.log(file === null ? 'The migrations already match the declarations.' : `Wrote ${path.relative(process.cwd(), file)}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
