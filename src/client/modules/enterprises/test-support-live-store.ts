// A real store with the crud and regions sagas over a fake server, for this folder's jsdom tests (not imported by
// the application).
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, fork } from 'redux-saga/effects';
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { act } from 'react';
import { http } from '../../api/http';
import { crudReducer, crudSaga } from '../../crud';
import { regionsReducer, watchRegions } from '../../regions';

export interface Request {
  method: string;
  /** Path without the `/api/services/app/` prefix (`EnterpriseInformation/GetAll`). */
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown> | null;
}

/** What the fake server answers: a result, or a refusal with the envelope's message. */
export type Handler = (request: Request) => unknown | Promise<unknown>;

export class Refusal extends Error {
  constructor(message: string, readonly status = 400, readonly validationErrors: { message: string; members: string[] }[] | null = null) {
    super(message);
  }
}

const envelope = (result: unknown) => ({ result, success: true, error: null, unAuthorizedRequest: false, __abp: true });

function requestOf(config: InternalAxiosRequestConfig): Request {
  const body = typeof config.data === 'string' && config.data !== '' ? JSON.parse(config.data) as Record<string, unknown> : null;
  return {
    method: (config.method ?? 'get').toUpperCase(),
    path: (config.url ?? '').replace(/^\/api\/services\/app\//, ''),
    query: (config.params ?? {}) as Record<string, unknown>,
    body,
  };
}

/** Routes every call of the http instance to `handler` and records it; returns the store and the calls. */
export function liveStore(handler: Handler) {
  const calls: Request[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const request = requestOf(config);
    calls.push(request);
    try {
      const result = await handler(request);
      return { data: envelope(result), status: 200, statusText: 'OK', headers: {}, config };
    } catch (e) {
      const refusal = e instanceof Refusal ? e : new Refusal(String(e), 500);
      const response = {
        data: { result: null, success: false, error: { code: 0, message: refusal.message, details: null, validationErrors: refusal.validationErrors }, unAuthorizedRequest: false, __abp: true },
        status: refusal.status, statusText: 'Error', headers: {}, config,
      };
      throw new AxiosError(`Request failed with status code ${refusal.status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
  };
  http.defaults.adapter = adapter;
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: { crud: crudReducer, regions: regionsReducer },
    // The default checks stay on: actions and state must remain serialisable (files are held outside the store).
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  const task = sagaMiddleware.run(function* root() {
    yield all([fork(crudSaga), fork(watchRegions)]);
  });
  return { store, calls, stop: () => task.cancel() };
}

/** Lets the sagas and the fake server answer, then React render. */
export async function settle(ms = 20) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** A page of `GetAll`. */
export const paged = <T>(items: T[], totalCount = items.length) => ({ totalCount, items });
