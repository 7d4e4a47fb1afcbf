import { buildMenu } from '../../shared/navigation';
import type { PermissionName } from '../../shared/permissions';
import type { LoginInformations, UserConfiguration } from '../api/types';
import { deepMerge } from '../util/deepMerge';
import { canonicalZone, DEFAULT_TIME_ZONE, isTimeZone } from '../../shared/time';

/** The global configuration before `AbpUserConfiguration/GetAll` answers: anonymous, nothing granted. */
export const DEFAULT_CONFIG: UserConfiguration = {
  multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } },
  session: { userId: null, tenantId: null, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 2 },
  localization: { currentCulture: null, languages: [], currentLanguage: null, values: {} },
  features: { allFeatures: {} },
  auth: { allPermissions: {}, grantedPermissions: {} },
  nav: { menus: {} },
  setting: { values: {} },
  clock: { provider: 'unspecifiedClockProvider' },
  timing: {},
  custom: {},
};

export const EMPTY_SESSION: LoginInformations = { application: null, user: null, tenant: null };

/** Deep merge of the server's configuration into the current global configuration (ABP's `$.extend(true, abp, …)`). */
export function mergeConfiguration(current: UserConfiguration, incoming: Partial<UserConfiguration>): UserConfiguration {
  return deepMerge(current, incoming);
}

/**
 * The zone of the tenant's calendar, as ABP serves it (`timing.timeZoneInfo.iana.timeZoneId`): every time the client
 * shows is read on its clock, whatever the browser's zone. A configuration without one (a server that does not say)
 * is on the default zone.
 */
export function zoneOfConfiguration(config: Pick<UserConfiguration, 'timing'>): string {
  const zone = config.timing.timeZoneInfo?.iana?.timeZoneId;
  return isTimeZone(zone) ? canonicalZone(zone) : DEFAULT_TIME_ZONE;
}

/** ABP lists granted permissions as keys with the value "true"; clients test the key. */
export function isGranted(config: UserConfiguration, permission: string): boolean {
  const value = config.auth.grantedPermissions[permission];
  return value !== undefined && String(value).toLowerCase() !== 'false';
}

function isFeatureEnabled(config: UserConfiguration, feature: string): boolean {
  return config.features.allFeatures[feature]?.value?.toLowerCase() === 'true';
}

/** Both features must be on for the chat hub to start (the start-up rule). */
const REALTIME_FEATURES = ['App.SignalR', 'App.Chat'] as const;

export function isLoggedIn(session: LoginInformations): boolean {
  return session.user != null;
}

export function shouldStartRealtime(config: UserConfiguration, session: LoginInformations): boolean {
  return isLoggedIn(session) && REALTIME_FEATURES.every((feature) => isFeatureEnabled(config, feature));
}

/** Host users belong to no tenant. */
export function isHostSession(session: LoginInformations): boolean {
  return session.tenant == null;
}

/** The sidebar as route names per group (serialisable, so it can live in the store). */
export interface MenuSection {
  group: string | null;
  routes: string[];
}

export function computeMenu(config: UserConfiguration, session: LoginInformations): MenuSection[] {
  if (!isLoggedIn(session)) return [];
  return buildMenu((p: PermissionName) => isGranted(config, p), isHostSession(session)).map((entry) => ({
    group: entry.group?.name ?? null,
    routes: entry.routes.map((r) => r.name),
  }));
}
