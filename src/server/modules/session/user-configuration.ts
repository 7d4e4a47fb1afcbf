import type { FastifyInstance } from 'fastify';
import { buildAllTranslations, flattenTranslations } from '../../../shared/locales';
import { ABP_SOURCE_NAMES, abpProjectTexts, abpSourceTexts } from '../../../shared/locales/abp-sources';
import { buildMenu, type RouteEntry } from '../../../shared/navigation';
import { PERMISSIONS, type PermissionName } from '../../../shared/permissions';
import { policySettings } from '../../../shared/password-policy';
import { pick, type Language } from '../../../shared/resource-kit';
import { buildContext, type RequestContext, type Services } from '../../http/context';
import { sendSuccess } from '../../http/envelope';
import { UI_THEME_SETTING, uiThemeOf } from '../configuration';
import { TIME_ZONE_SETTING, timeZoneInfo } from '../configuration/time-zone';

const LANGUAGES = [
  { name: 'zh-CN', displayName: '简体中文', icon: 'famfamfam-flags cn', isRightToLeft: false },
  { name: 'en-US', displayName: 'English', icon: 'famfamfam-flags gb', isRightToLeft: false },
];

// Built once per language: the texts do not change while the server runs.
const texts = new Map<Language, Record<string, string>>();
const textsOf = (language: Language) => {
  if (!texts.has(language)) texts.set(language, { ...flattenTranslations(buildAllTranslations(language)), ...abpProjectTexts(language) });
  return texts.get(language)!;
};

interface AbpMenuItem {
  name: string; icon: string; displayName: string; order: number; url: string | null; customData: null;
  target: string | null; isEnabled: boolean; isVisible: boolean; items: AbpMenuItem[];
}

function menuItem(route: RouteEntry, language: Language, order: number): AbpMenuItem {
  return {
    name: route.name, icon: route.icon ?? '', displayName: pick(route.label, language), order, url: route.path,
    customData: null, target: route.external ? '_blank' : null, isEnabled: true, isVisible: true, items: [],
  };
}

/** ABP's `GET /AbpUserConfiguration/GetAll`: what the client merges into its global configuration at start-up. */
function userConfiguration(ctx: RequestContext, uiTheme: string | null = null) {
  const language = ctx.language;
  const isHost = ctx.tenantId === null;
  const granted = Object.fromEntries([...(ctx.session?.permissions ?? [])].sort().map((p) => [p, 'true']));
  const menu = buildMenu((p: PermissionName) => ctx.isGranted(p), isHost);
  const current = LANGUAGES.find((l) => l.name === language)!;
  const languages = LANGUAGES.map((l) => ({ ...l, isDefault: l.name === 'zh-CN', isDisabled: false }));
  const timing = timeZoneInfo(ctx.calendar.zone, ctx.calendar.now());
  return {
    multiTenancy: { isEnabled: true, ignoreFeatureCheckForHostUsers: false, sides: { host: 2, tenant: 1 } },
    session: {
      userId: ctx.session?.userId ?? null, tenantId: ctx.tenantId, impersonatorUserId: null, impersonatorTenantId: null,
      multiTenancySide: isHost ? 2 : 1,
    },
    localization: {
      currentCulture: { name: language, displayName: current.displayName },
      languages,
      currentLanguage: languages.find((l) => l.name === language),
      sources: [
        { name: 'AbpProjectName', type: 'MultiTenantLocalizationSource' },
        ...ABP_SOURCE_NAMES.map((name) => ({ name, type: 'DictionaryBasedLocalizationSource' })),
      ],
      values: { AbpProjectName: textsOf(language), ...abpSourceTexts(language) },
    },
    features: { allFeatures: { 'App.SignalR': { value: 'true' }, 'App.Chat': { value: 'true' } } },
    auth: {
      allPermissions: Object.fromEntries(PERMISSIONS.map((p) => [p.name, 'true'])),
      grantedPermissions: granted,
    },
    nav: {
      menus: {
        MainMenu: {
          name: 'MainMenu', displayName: 'Main menu', customData: null,
          items: menu.flatMap((entry, groupIndex): AbpMenuItem[] => entry.group
            ? [{ ...menuItem({ name: entry.group.name, path: '', label: entry.group.label, kind: 'page', icon: entry.group.icon }, language, groupIndex),
                url: null, items: entry.routes.map((r, i) => menuItem(r, language, i)) }]
            : entry.routes.map((r, i) => menuItem(r, language, i))),
        },
      },
    },
    setting: {
      values: {
        'Abp.Localization.DefaultLanguageName': 'zh-CN', [TIME_ZONE_SETTING]: timing.windows.timeZoneId,
        ...policySettings(ctx.config.passwordPolicy),
        ...(uiTheme ? { [UI_THEME_SETTING]: uiTheme } : {}),
      },
    },
    clock: { provider: 'unspecifiedClockProvider' },
    timing: { timeZoneInfo: timing },
    security: { antiForgery: { tokenCookieName: 'XSRF-TOKEN', tokenHeaderName: 'X-XSRF-TOKEN' } },
    custom: { amapKey: ctx.config.amapKey, publicHost: ctx.config.publicHost ?? null },
  };
}

export function mountUserConfiguration(app: FastifyInstance, services: Services): void {
  app.get('/AbpUserConfiguration/GetAll', async (request, reply) => {
    const ctx = await buildContext(services, request);
    const uiTheme = ctx.session ? await uiThemeOf(ctx.db, ctx.session.userId) : null;
    return sendSuccess(reply, userConfiguration(ctx, uiTheme));
  });
}
