import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Language } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import { errors } from '../http/errors';
import type { Input } from '../http/input';
import { raw, type Sql } from './sql';

interface Paging {
  skipCount: number;
  maxResultCount: number;
}

export function readPaging(input: Input, maxPageSize = MAX_PAGE_SIZE): Paging {
  return {
    skipCount: input.optionalInt('SkipCount', { min: 0 }) ?? 0,
    maxResultCount: input.optionalInt('MaxResultCount', { min: 1, max: maxPageSize }) ?? DEFAULT_PAGE_SIZE,
  };
}

interface SortTerm {
  column: string;
  descending: boolean;
}

/**
 * Parses ABP's `Sorting` ("code desc, name") against a whitelist of field → SQL column. Anything not declared
 * sortable is refused with a 400, so user text never reaches the SQL.
 */
export function readSorting(
  input: Input,
  language: Language,
  sortable: Record<string, string>,
  fallback: string | undefined,
): SortTerm[] {
  const text = input.optionalString('Sorting', 200) ?? fallback ?? '';
  const byLower = new Map(Object.entries(sortable).map(([field, column]) => [field.toLowerCase(), column]));
  const terms: SortTerm[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name, direction = 'asc', ...rest] = part.split(/\s+/);
    const column = byLower.get(name.toLowerCase());
    const dir = direction.toLowerCase();
    if (!column || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) {
      throw errors.invalid(language, 'sorting', translate(language, 'validation.unknownSorting', { field: part }));
    }
    terms.push({ column, descending: dir === 'desc' });
  }
  return terms;
}

/** ORDER BY with the id as a final tie-breaker so pages never overlap; its columns are the whitelist's own text. */
export function orderBy(terms: SortTerm[], idColumn: string): Sql {
  const parts = terms.map((t) => `${t.column} ${t.descending ? 'desc' : 'asc'}`);
  if (!terms.some((t) => t.column === idColumn)) parts.push(`${idColumn} desc`);
  return raw(parts.join(', '));
}

/** `%keyword%` for ILIKE with the wildcard characters of the keyword escaped. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
