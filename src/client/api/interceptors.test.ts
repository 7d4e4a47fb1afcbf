/** @jest-environment jsdom */
import axios, { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { COOKIE, removeCookie, writeCookie } from '../util/cookies';
import { installInterceptors, type InterceptorHooks } from './interceptors';

function harness(respond: (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | 'network') {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const answer = respond(config);
    if (answer === 'network') throw new axios.AxiosError('Network Error', 'ERR_NETWORK', config, {});
    const response = { ...answer, statusText: '', headers: new AxiosHeaders(), config, request: {} };
    if (answer.status >= 400) throw new axios.AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
  const instance = axios.create({ adapter });
  const hooks: InterceptorHooks & { errors: unknown[]; unauthorized: number; refused: number } = {
    errors: [],
    unauthorized: 0,
    refused: 0,
    language: () => 'en-US',
    translate: (key) => `t:${key}`,
    showError(content) { hooks.errors.push(content); },
    onUnauthorized() { hooks.unauthorized += 1; },
    onTokenRefused() { hooks.refused += 1; },
  };
  installInterceptors(instance, hooks);
  return { instance, hooks, seen };
}

const envelope = (message: string, details: string | null = null) => ({ result: null, success: false, error: { code: 0, message, details, validationErrors: null }, unAuthorizedRequest: true, __abp: true });

afterEach(() => {
  removeCookie(COOKIE.authToken);
  removeCookie(COOKIE.tenantId);
});

describe('axios interceptors', () => {
  it('sends the bearer token, tenant and culture headers from the cookies', async () => {
    writeCookie(COOKIE.authToken, 'jwt-1');
    writeCookie(COOKIE.tenantId, '1');
    const { instance, seen } = harness(() => ({ status: 200, data: { result: 1 } }));
    await instance.get('/api/x');
    expect(seen[0].headers.get('Authorization')).toBe('Bearer jwt-1');
    expect(seen[0].headers.get('Abp.TenantId')).toBe('1');
    expect(seen[0].headers.get('.AspNetCore.Culture')).toBe('c=en-US|uic=en-US');
  });

  it('sends no token or tenant header without the cookies, and keeps headers set by the caller', async () => {
    writeCookie(COOKIE.tenantId, '1');
    const { instance, seen } = harness(() => ({ status: 200, data: {} }));
    await instance.get('/api/x', { headers: { 'Abp.TenantId': '' } });
    expect(seen[0].headers.get('Authorization')).toBeUndefined();
    expect(seen[0].headers.get('Abp.TenantId')).toBe('');
  });

  it('sends an authenticated 401 to login without a modal', async () => {
    writeCookie(COOKIE.authToken, 'expired');
    const { instance, hooks } = harness(() => ({ status: 401, data: envelope('Current user did not login to the application!') }));
    await expect(instance.get('/api/x')).rejects.toThrow();
    expect(hooks.unauthorized).toBe(1);
    expect(hooks.refused).toBe(1);
    expect(hooks.errors).toEqual([]);
  });

  it('reports a refused token of a silent call too (a wall signs in again), without ending the session', async () => {
    writeCookie(COOKIE.authToken, 'revoked');
    const { instance, hooks } = harness(() => ({ status: 401, data: envelope('Current user did not login to the application!') }));
    await expect(instance.get('/api/x', { silent: true })).rejects.toThrow();
    expect(hooks).toMatchObject({ refused: 1, unauthorized: 0, errors: [] });
  });

  it('reports no refused token for a 401 of an anonymous call', async () => {
    const { instance, hooks } = harness(() => ({ status: 401, data: envelope('Current user did not login to the application!') }));
    await expect(instance.get('/api/x', { silent: true })).rejects.toThrow();
    expect(hooks.refused).toBe(0);
  });

  it('shows the error modal for other failures, and nothing for silent calls', async () => {
    const { instance, hooks } = harness((config) => (config.url === '/down' ? 'network' : { status: 500, data: envelope('Login failed!', 'Invalid user name or password') }));
    await expect(instance.post('/api/login')).rejects.toThrow();
    await expect(instance.get('/down')).rejects.toThrow();
    await expect(instance.post('/api/login', {}, { silent: true })).rejects.toThrow();
    expect(hooks.errors).toEqual([{ title: 'Login failed!', content: 'Invalid user name or password' }, { content: 't:errors.unknown' }]);
    expect(hooks.unauthorized).toBe(0);
  });
});
