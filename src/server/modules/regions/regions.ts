import { CODE_LENGTH, levelIndex, REGION_LEVELS, type RegionLevel } from './data';

export type { RegionLevel } from './data';

export interface Region {
  code: string;
  name: string;
  level: RegionLevel;
  /** Whether the region has divisions one level down (villages have none). */
  hasChildren: boolean;
}

export type RegionField = 'province' | 'city' | 'county' | 'town' | 'village';

/** The fields of an address selection, top down; field i holds a code of level i + 1. */
export const REGION_FIELDS: readonly RegionField[] = ['province', 'city', 'county', 'town', 'village'];

export type RegionCodes = Partial<Record<RegionField, string | null>>;

export type RegionPath =
  | { ok: true; names: string[]; fullName: string }
  | { ok: false; field: RegionField };

/**
 * City-level rows that only group counties: the municipalities' 市辖区 and 重庆's 县, and the counties governed
 * directly by a province. Addresses skip them (北京市东城区, not 北京市市辖区东城区).
 */
const GROUPING_CITY_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

/** The level a code of this shape would have, or null when no level has codes like it. */
export function levelOfCode(code: string): RegionLevel | null {
  if (!/^\d+$/.test(code)) return null;
  return REGION_LEVELS.find((level) => CODE_LENGTH[level] === code.length) ?? null;
}

function hasChildren(level: RegionLevel, code: string): boolean {
  if (level === 5) return false;
  // Every town of the package has villages (a unit test holds the data to it), so listing towns never has to read
  // the village level just to answer this.
  if (level === 4) return true;
  return (levelIndex((level + 1) as RegionLevel).children(code)?.length ?? 0) > 0;
}

/** The region with this code, or null when there is none. */
export function findRegion(code: string): Region | null {
  const level = levelOfCode(code);
  if (level === null) return null;
  const entry = levelIndex(level).find(code);
  return entry ? { code, name: entry.name, level, hasChildren: hasChildren(level, code) } : null;
}

/**
 * The divisions directly under a region (`null`: the provinces), in code order. An unknown code or a village has
 * none; callers that must tell "unknown" from "no children" ask `findRegion` first.
 */
export function childrenOf(parentCode: string | null): Region[] {
  let level: RegionLevel;
  if (parentCode === null) {
    level = 1;
  } else {
    const parentLevel = levelOfCode(parentCode);
    if (parentLevel === null || parentLevel === 5) return [];
    level = (parentLevel + 1) as RegionLevel;
  }
  const entries = levelIndex(level).children(parentCode ?? '') ?? [];
  return entries.map(({ code, name }) => ({ code, name, level, hasChildren: hasChildren(level, code) }));
}

const isGiven = (code: string | null | undefined): code is string => typeof code === 'string' && code !== '';

/**
 * Checks a selection top down: every code up to the deepest one given must exist, at its own level, under the code
 * before it. Levels below the deepest given may be empty; an empty level above it is an error on that level.
 */
export function resolveRegionPath(codes: RegionCodes): RegionPath {
  const deepest = REGION_FIELDS.reduce((last, field, i) => (isGiven(codes[field]) ? i : last), -1);
  const names: string[] = [];
  let parentCode = '';
  for (let i = 0; i <= deepest; i++) {
    const field = REGION_FIELDS[i];
    const code = codes[field];
    const level = (i + 1) as RegionLevel;
    if (!isGiven(code) || code.length !== CODE_LENGTH[level] || !/^\d+$/.test(code)) return { ok: false, field };
    const entry = levelIndex(level).find(code);
    if (!entry || entry.parentCode !== parentCode) return { ok: false, field };
    names.push(entry.name);
    parentCode = code;
  }
  const fullName = names.filter((name, i) => !(i === 1 && GROUPING_CITY_NAMES.has(name))).join('');
  return { ok: true, names, fullName };
}
