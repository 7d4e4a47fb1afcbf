import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from './migrate';
import { writeMigration } from './write-migration';
import { generateMigration } from '../cli/generate-migration';

/** A copy of the project's migrations up to the one that adds households' latest record time (later ones use it). */
function migrationsBefore(first: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f < first)) fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(dir, file));
  return dir;
}

describe('writing the next migration from the declarations', () => {
  it('writes what the migrations lack as the next number, after which nothing is missing', async () => {
    const dir = migrationsBefore('0030_household_last_record.sql');
    // One past the highest number present.
    const next = String(Math.max(...fs.readdirSync(dir).map((f) => Number(f.slice(0, 4)))) + 1).padStart(4, '0');
    try {
      const file = path.join(dir, `${next}_last_record_.sql`);
      expect(await generateMigration('Last Record!', dir)).toBe(`Wrote ${path.relative(process.cwd(), file)}`);
      expect(fs.readFileSync(file, 'utf8')).toBe(
        '-- Generated from the resource declarations.\n\nalter table scheme_user add column last_record_time timestamptz(3);\n');
      expect(await writeMigration('again', dir)).toBeNull();
      expect(fs.readdirSync(dir).filter((f) => f.startsWith(next))).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('npm run migration:generate finds the project\'s migrations matching the declarations and writes nothing', async () => {
    const before = fs.readdirSync(MIGRATIONS_DIR).sort();
    expect(await generateMigration('probe')).toBe('The migrations already match the declarations.');
    expect(fs.readdirSync(MIGRATIONS_DIR).sort()).toEqual(before);
  }, 120_000);
});
