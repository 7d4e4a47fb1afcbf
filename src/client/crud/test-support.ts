// Helpers for this folder's tests (not imported by the application).
import { combineReducers } from '@reduxjs/toolkit';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import type { EntityDto } from '../../shared/resource-kit';
import { callApi } from '../api/http';
import { writeWorkbook, type Workbook } from './export';
import { currentTime } from '../time/clock';
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

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>];
type Api = (...args: ApiCall) => unknown;

/**
 * Now, for an export: 30 s after midnight of 5 March 2024 in China (still the 4th in UTC and in the test process's Los
 * Angeles), so a file named by any clock but the tenant's shows it.
 */
export const EXPORT_TIME = Date.UTC(2024, 2, 4, 16, 0, 30);

/** Answers `callApi` with a fake server and records every call; `writeWorkbook` and the clock are stubbed. */
export function fakeBackend(api: Api) {
  const calls: ApiCall[] = [];
  const workbooks: Workbook[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === callApi) {
        const args = effect.args as ApiCall;
        calls.push(args);
        return api(...args);
      }
      if (effect.fn === writeWorkbook) {
        workbooks.push(effect.args[0] as Workbook);
        return undefined;
      }
      if (effect.fn === currentTime) return EXPORT_TIME;
      return next();
    },
  };
  return { calls, workbooks, providers };
}

export const WASTECODE_GETALL = '/api/services/app/Wastecode/GetAll';
export const final = (result: { storeState: unknown }) => result.storeState as CrudRootState;
