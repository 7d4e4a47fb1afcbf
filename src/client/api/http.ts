import axios, { type AxiosInstance } from 'axios';

/**
 * The one axios instance of the client. Interceptors (token, tenant, culture headers, error modals) are attached by
 * `installInterceptors` at boot; this module only knows how to unwrap the ABP envelope.
 */
export const http: AxiosInstance = axios.create({ baseURL: '/', timeout: 120000 });

export interface AbpEnvelope<T> {
  result: T;
  success: boolean;
  error: { code: number; message: string; details: string | null; validationErrors: { message: string; members: string[] }[] | null } | null;
  unAuthorizedRequest: boolean;
  __abp: true;
}

/** Calls an API path and returns the envelope's `result`. GET/DELETE send `params` as the query; POST/PUT as JSON. */
export async function callApi<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const useQuery = method === 'GET' || method === 'DELETE';
  const response = await http.request<AbpEnvelope<T>>({
    method,
    url,
    params: useQuery ? payload : undefined,
    data: useQuery ? undefined : payload,
  });
  return response.data.result;
}
