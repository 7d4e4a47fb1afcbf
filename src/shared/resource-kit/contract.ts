/** The wire contract every declared resource shares (ABP conventions). */
export const API_PREFIX = '/api/services/app';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

export interface PagedQuery {
  skipCount?: number;
  maxResultCount?: number;
  sorting?: string;
  keyword?: string;
  [filter: string]: unknown;
}

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

export interface EntityDto {
  id: number;
  [field: string]: unknown;
}

export const crudPath = (resource: string, method: string) => `${API_PREFIX}/${resource}/${method}`;

export const CRUD_METHODS = ['GetAll', 'Get', 'Create', 'Update', 'Delete'] as const;
export type CrudMethod = (typeof CRUD_METHODS)[number];
