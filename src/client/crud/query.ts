import type { ResourceState, ResourceView, SortState } from './types';

type QueryParams = Record<string, string | number | boolean>;

/** `{field:'code', direction:'desc'}` → `"code desc"`; ascending is the bare field name (the server's syntax). */
function sortingToString(sorting: SortState | null): string | undefined {
  if (!sorting) return undefined;
  return sorting.direction === 'desc' ? `${sorting.field} desc` : sorting.field;
}

/**
 * The two filters of a field declared with `filterRange` (an inclusive range): they live in the query's filters
 * under the names the server reads, `<field>From` and `<field>To`, so that paging, export and reset treat them like
 * any other filter.
 */
export const rangeFilterNames = (field: string) => ({ from: `${field}From`, to: `${field}To` });

/**
 * Keyword, sorting and filters of the current query, without paging (export reuses it). The screen's fixed filters
 * and the embedding screen's scope come last: no filter of the clerk's can widen them.
 */
export function buildQueryParams(state: ResourceState, view: ResourceView | undefined): QueryParams {
  const params: QueryParams = {};
  const sorting = sortingToString(state.sorting);
  if (sorting) params.Sorting = sorting;
  if (state.keyword) params.Keyword = state.keyword;
  const filters = { ...state.filters, ...view?.fixedFilters, ...state.scope };
  for (const [name, value] of Object.entries(filters)) {
    params[view?.filterParams?.[name] ?? name] = value;
  }
  return params;
}

/** The exact query of `GetAll` for the page on screen. */
export function buildListParams(state: ResourceState, view: ResourceView | undefined): QueryParams {
  return {
    SkipCount: (state.currentPage - 1) * state.pageSize,
    MaxResultCount: state.pageSize,
    ...buildQueryParams(state, view),
  };
}
