import axios, { type AxiosInstance } from 'axios';

/**
 * The one axios instance of the client. Interceptors (token, tenant, culture headers, error modals) are attached by
 * `installInterceptors` at boot; this module only knows how to unwrap the ABP envelope.
 */
export const http: AxiosInstance = axios.create({ baseURL: '/', timeout: 120000 });

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Handle the failure at the call site: no error modal, no redirect to login on 401. */
    silent?: boolean;
  }
}

export interface AbpValidationError {
  message: string;
  members: string[];
}

export interface AbpError {
  code: number;
  message: string;
  details: string | null;
  validationErrors: AbpValidationError[] | null;
}

export interface AbpEnvelope<T> {
  result: T;
  success: boolean;
  error: AbpError | null;
  unAuthorizedRequest: boolean;
  __abp: true;
}

export interface CallOptions {
  /** See `AxiosRequestConfig.silent`. */
  silent?: boolean;
  /** Extra headers; they win over the ones the interceptors add. */
  headers?: Record<string, string>;
}

/** Calls an API path and returns the envelope's `result`. GET/DELETE send `params` as the query; POST/PUT as JSON. */
export async function callApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  options: CallOptions = {},
): Promise<T> {
  const useQuery = method === 'GET' || method === 'DELETE';
  const response = await http.request<AbpEnvelope<T>>({
    method,
    url,
    params: useQuery ? payload : undefined,
    data: useQuery ? undefined : payload,
    silent: options.silent,
    headers: options.headers,
  });
  return response.data.result;
}
