/** @jest-environment jsdom */
import { act } from 'react';
import { waitFor } from '../../../../test/support/wait';
import type { UserConfiguration } from '../../api/types';
import { createAppStore } from '../../app/store';
import { serverConfiguration, TENANT_SESSION } from '../../app/test-support';
import { byTestId, click, createI18n, render, screenTestSetup, typeInto } from '../../crud/test-support-render';
import type { HubConnectionFactory } from '../../realtime/connection';
import { configLoaded, sessionLoaded } from '../../session/appSlice';
import { selectTimeZone } from '../../session/selectors';
import { fakeServer, Refused, type ApiRequest } from '../monitoring/test-support';
import SettingsPage from './SettingsPage';

screenTestSetup();

const ZONES = [
  { name: '(UTC-08:00) America/Los_Angeles', value: 'America/Los_Angeles' },
  { name: '(UTC+08:00) Asia/Shanghai', value: 'Asia/Shanghai' },
  { name: '(UTC+09:00) Asia/Tokyo', value: 'Asia/Tokyo' },
];
const ADMIN = 'Pages.Administration.Tenant.Settings';

/** The configuration as the server serves a tenant's zone. */
const servedIn = (zone: string) => ({
  ...serverConfiguration({ loggedIn: true, granted: [ADMIN] }),
  timing: { timeZoneInfo: { iana: { timeZoneId: zone } } },
}) as UserConfiguration;

/** The tenant's server: its zone as kept, changed by UpdateAllSettings unless `refuse` says why not. */
function tenantServer(refuse: string | null = null) {
  let zone = 'Asia/Shanghai';
  const calls = fakeServer((request: ApiRequest) => {
    switch (request.path) {
      case 'Timing/GetTimezones': return { items: ZONES };
      case 'TenantSettings/GetAllSettings': return { general: { timezone: zone, timezoneForComparison: zone } };
      case 'TenantSettings/UpdateAllSettings':
        if (refuse) throw new Refused(refuse, 403);
        zone = String((request.body?.general as { timezone: string }).timezone);
        return null;
      case '/AbpUserConfiguration/GetAll': return servedIn(zone);
      default: throw new Refused(`unexpected ${request.path}`, 404);
    }
  });
  return calls;
}

const noHub: HubConnectionFactory = () => { throw new Error('no hub in this test'); };

function openSettings(language: 'zh-CN' | 'en-US' = 'zh-CN') {
  const store = createAppStore({ deps: { hubFactory: noHub } });
  store.dispatch(configLoaded(servedIn('Asia/Shanghai')));
  store.dispatch(sessionLoaded(TENANT_SESSION));
  render(<SettingsPage />, store, createI18n(language));
  return store;
}

const text = (testId: string) => byTestId(testId)?.textContent ?? '';

async function chooseTokyo() {
  click(byTestId('settings-zone'));
  const search = document.querySelector<HTMLInputElement>('.bp6-popover input');
  typeInto(search, 'tokyo');
  await waitFor('only Tokyo to match', () => document.querySelectorAll('[data-testid^="settings-zone-option-"]').length === 1);
  click(document.querySelector('[data-testid="settings-zone-option-Asia/Tokyo"]'));
}

describe('the tenant\'s settings screen', () => {
  it('shows the zone and its offset now, and asks before changing it to one picked by searching', async () => {
    const calls = tenantServer();
    const store = openSettings();
    await waitFor('the settings', () => byTestId('settings-current-zone') !== null);
    expect(text('settings-current-zone')).toBe('Asia/Shanghai');
    expect(text('settings-current-offset')).toBe('与 UTC 相差 +08:00');
    expect(byTestId('settings-save')?.hasAttribute('disabled')).toBe(true);

    await chooseTokyo();
    expect(text('settings-zone')).toBe('(UTC+09:00) Asia/Tokyo');
    click(byTestId('settings-save'));
    // Nothing is changed before the administrator confirms.
    expect(calls.some((c) => c.path === 'TenantSettings/UpdateAllSettings')).toBe(false);
    expect(text('settings-confirm')).toContain('(UTC+08:00) Asia/Shanghai');
    expect(text('settings-confirm')).toContain('(UTC+09:00) Asia/Tokyo');

    click(byTestId('settings-confirm-ok'));
    await waitFor('the saved notice', () => byTestId('settings-saved') !== null);
    expect(calls.find((c) => c.path === 'TenantSettings/UpdateAllSettings')).toMatchObject({ method: 'PUT', body: { general: { timezone: 'Asia/Tokyo' } } });
    // The configuration was read again: the whole screen now reads Tokyo's clock.
    expect(calls.filter((c) => c.path === '/AbpUserConfiguration/GetAll')).toHaveLength(1);
    expect(selectTimeZone(store.getState())).toBe('Asia/Tokyo');
    expect(text('settings-current-zone')).toBe('Asia/Tokyo');
    expect(text('settings-current-offset')).toBe('与 UTC 相差 +09:00');
    expect(byTestId('settings-confirm')).toBeNull();
  });

  it('says why a change was refused and keeps the zone', async () => {
    tenantServer('您没有权限更改设置');
    const store = openSettings();
    await waitFor('the settings', () => byTestId('settings-current-zone') !== null);
    await chooseTokyo();
    click(byTestId('settings-save'));
    click(byTestId('settings-confirm-ok'));
    await waitFor('the refusal', () => byTestId('settings-save-failed') !== null);
    expect(text('settings-save-failed')).toContain('您没有权限更改设置');
    expect(selectTimeZone(store.getState())).toBe('Asia/Shanghai');
    expect(text('settings-current-zone')).toBe('Asia/Shanghai');
  });

  it('speaks English too, and offers to read the settings again after a failure', async () => {
    let failing = true;
    fakeServer((request) => {
      if (failing) throw new Refused('Service unavailable', 503);
      return request.path === 'Timing/GetTimezones' ? { items: ZONES } : { general: { timezone: 'Asia/Shanghai' } };
    });
    openSettings('en-US');
    await waitFor('the failure', () => (byTestId('settings-page')?.textContent ?? '').includes('The settings could not be read'));
    failing = false;
    const retry = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    click(retry ?? null);
    await waitFor('the settings', () => byTestId('settings-current-zone') !== null);
    expect(text('settings-current-offset')).toBe('UTC+08:00');
    expect(text('settings-save')).toBe('Change the zone');
    await act(async () => undefined);
  });
});
