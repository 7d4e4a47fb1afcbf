import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS_DIR } from '../db/migrate';

const run = promisify(execFile);

describe('migration:generate', () => {
  it('finds the migrations matching the declarations and writes nothing', async () => {
    const before = fs.readdirSync(MIGRATIONS_DIR).sort();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(__dirname, 'generate-migration.ts'), 'probe'], { timeout: 120_000 });
    expect(stdout).toContain('The migrations already match the declarations.');
    expect(fs.readdirSync(MIGRATIONS_DIR).sort()).toEqual(before);
  }, 120_000);
});
