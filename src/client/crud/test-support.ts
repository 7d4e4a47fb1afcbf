// Helpers for this folder's tests (not imported by the application).
import { combineReducers } from '@reduxjs/toolkit';
import type { EntityDto } from '../../shared/resource-kit';
import { crudReducer, initialResourceState } from './slice';
import type { CrudRootState, ResourceState } from './types';

export const rootReducer = combineReducers({ crud: crudReducer });

export function stateWith(resources: Record<string, Partial<ResourceState>>): CrudRootState {
  return {
    crud: {
      byResource: Object.fromEntries(Object.entries(resources).map(([name, s]) => [name, { ...initialResourceState, ...s }])),
      lookups: {},
      uploads: {},
      downloads: {},
    },
  };
}

export const rows = (count: number, from = 1): EntityDto[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, code: `C${from + i}` }));

/** What axios throws for an ABP error envelope. */
export function abpError(status: number, message: string, validationErrors: { message: string; members: string[] }[] | null = null) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data: { result: null, success: false, error: { code: 0, message, details: null, validationErrors }, unAuthorizedRequest: false, __abp: true } },
  });
}

export const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
