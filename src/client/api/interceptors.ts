import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { isAxiosError } from 'axios';
import { COOKIE, readCookie } from '../util/cookies';
import { describeApiError, type ErrorModalContent } from './errors';

export interface InterceptorHooks {
  /** Current interface language, sent as the culture header. */
  language(): string;
  translate(key: string): string;
  showError(content: ErrorModalContent): void;
  /** A call that carried a token was refused with 401: the session is over. */
  onUnauthorized(): void;
  /** Any call that carried a token was refused with 401, silent ones too (a wall's calls are silent). */
  onTokenRefused(): void;
}

function setHeaderIfAbsent(config: InternalAxiosRequestConfig, name: string, value: string | undefined): void {
  if (value && !config.headers.has(name)) config.headers.set(name, value);
}

/** Attaches the ABP request headers (token, tenant, language) and the error modals to `instance`; returns a function that removes them. */
export function installInterceptors(instance: AxiosInstance, hooks: InterceptorHooks): () => void {
  const request = instance.interceptors.request.use((config) => {
    const token = readCookie(COOKIE.authToken);
    setHeaderIfAbsent(config, 'Authorization', token ? `Bearer ${token}` : undefined);
    setHeaderIfAbsent(config, 'Abp.TenantId', readCookie(COOKIE.tenantId));
    const language = hooks.language();
    setHeaderIfAbsent(config, '.AspNetCore.Culture', `c=${language}|uic=${language}`);
    setHeaderIfAbsent(config, 'Accept-Language', language);
    return config;
  });

  const response = instance.interceptors.response.use(undefined, (error: unknown) => {
    const refusedToken = isAxiosError(error) && error.response?.status === 401 && !!error.config?.headers?.Authorization;
    if (refusedToken) hooks.onTokenRefused();
    if (isAxiosError(error) && !error.config?.silent) {
      if (refusedToken) {
        hooks.onUnauthorized();
      } else {
        const content = describeApiError(error, hooks.translate);
        if (content) hooks.showError(content);
      }
    }
    return Promise.reject(error);
  });

  return () => {
    instance.interceptors.request.eject(request);
    instance.interceptors.response.eject(response);
  };
}
