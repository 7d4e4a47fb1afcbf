/** The wire contract every declared resource shares (ABP conventions). */
const API_PREFIX = '/api/services/app';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

export interface EntityDto {
  id: number;
  [field: string]: unknown;
}

export const crudPath = (resource: string, method: string) => `${API_PREFIX}/${resource}/${method}`;
