import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Language } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import { errors } from '../http/errors';
import type { Input } from '../http/input';
import type { Db } from '../db/database';
import { or, queryPage, raw, sql, type Sql } from './sql';

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

/** A column a keyword is looked for in; `whole` ones match only the whole value, as a declared field searchable 'whole'. */
type SearchedColumn = string | { column: string; whole: true };

interface HandWrittenList {
  /** `select … from … [joins]` for the items. */
  select: Sql;
  /** `from …` without joins, for the count. */
  from: Sql;
  where: Sql[];
  /** Columns `Keyword` is looked for in: anywhere in their value, or only as the whole value (a card number). */
  searchable: readonly SearchedColumn[];
  /** Field → column that `Sorting` may name, the default sorting, and the id column that breaks ties. */
  sortable: Record<string, string>;
  defaultSorting: string;
  idColumn: string;
}

/**
 * A `GetAll` over a list the declarations do not describe (users, roles, tenants) with the same parameters as every
 * other list: `SkipCount`, `MaxResultCount`, `Sorting`, and a `Keyword` matched anywhere in the searchable columns.
 */
export function pagedList<T>(db: Db, input: Input, language: Language, list: HandWrittenList): Promise<{ totalCount: number; items: T[] }> {
  const paging = readPaging(input);
  const where = [...list.where];
  const keyword = input.optionalString('Keyword', 200)?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    where.push(or(list.searchable.map((searched) => (typeof searched === 'string'
      ? sql`${raw(searched)} ilike ${pattern}`
      : sql`${raw(searched.column)} = ${keyword}`))));
  }
  const order = orderBy(readSorting(input, language, list.sortable, list.defaultSorting), list.idColumn);
  return queryPage<T>(db, { select: list.select, from: list.from, where, orderBy: order, limit: paging.maxResultCount, offset: paging.skipCount });
}
