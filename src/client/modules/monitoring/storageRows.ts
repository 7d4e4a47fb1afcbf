import { instantOf } from '../../time/display';
import type { StorageView } from './selectors';

export type StorageSortField =
  | 'serialNumber' | 'enterpriseName' | 'hazardouswasteInformationName' | 'storagePlace' | 'currentWeight' | 'capacity'
  | 'fillRatio' | 'lastChangeTime' | 'onlineState';

export interface StorageSort {
  field: StorageSortField;
  direction: 'asc' | 'desc';
}

/** The fullest points first: what a supervisor checks before anything else. */
export const DEFAULT_STORAGE_SORT: StorageSort = { field: 'fillRatio', direction: 'desc' };

const NUMERIC: ReadonlySet<StorageSortField> = new Set(['currentWeight', 'capacity', 'fillRatio', 'onlineState']);
const collator = new Intl.Collator('zh-CN', { numeric: true });

function sortValue(row: StorageView, field: StorageSortField, zone: string): number | string | null {
  if (field === 'lastChangeTime') return instantOf(row.lastChangeTime, zone);
  const value = row[field];
  return value === undefined ? null : value;
}

/** Sorted copy (times as instants, `zone` the tenant's); empty values last whatever the direction, ties by id so the order is stable across updates. */
export function sortStorageRows(rows: readonly StorageView[], sort: StorageSort, zone: string): StorageView[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const numeric = NUMERIC.has(sort.field) || sort.field === 'lastChangeTime';
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.field, zone);
    const y = sortValue(b, sort.field, zone);
    if (x === null || x === '' || y === null || y === '') {
      if ((x === null || x === '') && (y === null || y === '')) return a.id - b.id;
      return x === null || x === '' ? 1 : -1;
    }
    const order = numeric ? Number(x) - Number(y) : collator.compare(String(x), String(y));
    return order * sign || a.id - b.id;
  });
}

export const nextSort = (current: StorageSort, field: StorageSortField): StorageSort =>
  current.field === field ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { field, direction: NUMERIC.has(field) ? 'desc' : 'asc' };

/** Rows of one enterprise (null: all) whose device, enterprise, waste, code or place contains the keyword. */
export function filterStorageRows(rows: readonly StorageView[], enterpriseId: number | null, keyword: string): StorageView[] {
  const needle = keyword.trim().toLowerCase();
  return rows.filter((row) => {
    if (enterpriseId !== null && row.enterpriseId !== enterpriseId) return false;
    if (!needle) return true;
    return [row.serialNumber, row.enterpriseName, row.hazardouswasteInformationName, row.wastecodeName, row.storagePlace]
      .some((text) => text?.toLowerCase().includes(needle));
  });
}

/** The enterprises present, by name, for the filter. */
export function enterprisesOf(rows: readonly StorageView[]): { id: number; name: string }[] {
  const names = new Map<number, string>();
  for (const row of rows) if (!names.has(row.enterpriseId)) names.set(row.enterpriseId, row.enterpriseName ?? `#${row.enterpriseId}`);
  return [...names.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
}
