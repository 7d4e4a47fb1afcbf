// Shared fixtures for the client's saga tests: server answers shaped like the ABP calls of the shell.
import type { LoginInformations, UserConfiguration } from '../api/types';

export function serverConfiguration(options: {
  loggedIn: boolean;
  signalR?: boolean;
  chat?: boolean;
  granted?: string[];
  amapKey?: string;
}): Partial<UserConfiguration> {
  const { loggedIn, signalR = true, chat = true, granted = [], amapKey = 'amap-test-key' } = options;
  return {
    session: { userId: loggedIn ? 2 : null, tenantId: loggedIn ? 1 : null, multiTenancySide: loggedIn ? 1 : 2 },
    features: {
      allFeatures: { 'App.SignalR': { value: String(signalR) }, 'App.Chat': { value: String(chat) } },
    },
    auth: {
      allPermissions: { 'Pages.Users': 'true', 'Pages.Roles': 'true', 'Pages.Tenants': 'true' },
      grantedPermissions: Object.fromEntries(granted.map((p) => [p, 'true'])),
    },
    custom: { amapKey, publicHost: 'waste.example.cn' },
  };
}

export const TENANT_SESSION: LoginInformations = {
  application: { version: '1.0.0', releaseDate: '2025-01-01T00:00:00', features: {} },
  user: { id: 2, name: 'admin', surname: 'admin', userName: 'admin', emailAddress: 'admin@defaulttenant.com' },
  tenant: { id: 1, tenancyName: 'Default', name: 'Default' },
};

export const ANONYMOUS_SESSION: LoginInformations = {
  application: { version: '1.0.0', releaseDate: '2025-01-01T00:00:00', features: {} },
  user: null,
  tenant: null,
};

export const LOCALHOST = { hostname: 'localhost', href: 'http://localhost:21021/main/home' };

/** An axios-shaped failure with an ABP error envelope. */
export function abpFailure(status: number, message: string, details: string | null = null) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    config: { headers: {} },
    response: {
      status,
      data: { result: null, success: false, error: { code: 0, message, details, validationErrors: null }, unAuthorizedRequest: false, __abp: true },
    },
  });
}
