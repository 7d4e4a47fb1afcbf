import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { getCurrentLoginInformations, getUserConfiguration } from '../api/services';
import { realtimeStartRequested } from '../realtime/actions';
import { tabsRestored } from '../shell/tabsSlice';
import { ANONYMOUS_SESSION, LOCALHOST, serverConfiguration, TENANT_SESSION } from '../app/test-support';
import { configureMapKey } from '../util/amap';
import { redirectTo } from '../util/navigator';
import { bootFailed, bootSucceeded, configLoaded, sessionLoaded } from './appSlice';
import { isWallPath, readWallLocation, type WallLocation } from '../modules/bigdata/display/displaySecret';
import { bootSaga, browserLanguage, currentLocation, ensureCultureCookie, loadDisplayBoot, loadPersistedTabs } from './sessionSaga';
import { type RootState, rootReducer } from '../app/store';

const initialState = (): RootState => rootReducer(undefined, { type: '@@init' });

function bootWith(
  config: ReturnType<typeof serverConfiguration>, session = TENANT_SESSION, location = LOCALHOST, wall: WallLocation | null = null,
  loadDisplay: () => unknown = () => { throw new Error('the display sign-in was fetched off the wall'); },
) {
  return expectSaga(bootSaga)
    .withReducer(rootReducer, initialState())
    .provide([
      [matchers.call.fn(browserLanguage), 'en-GB'],
      [matchers.call.fn(ensureCultureCookie), undefined],
      [matchers.call.fn(currentLocation), location],
      [matchers.call.fn(getUserConfiguration), config],
      [matchers.call.fn(getCurrentLoginInformations), session],
      [matchers.call.fn(loadPersistedTabs), { opened: ['home', 'user', 'tenant', 'nonsense'], active: 'user' }],
      [matchers.call.fn(configureMapKey), undefined],
      [matchers.call.fn(redirectTo), undefined],
      [matchers.call.fn(readWallLocation), wall],
      [matchers.call.fn(loadDisplayBoot), dynamic(loadDisplay)],
    ]);
}

describe('session bootstrap saga', () => {
  it('merges the configuration deeply, loads the session and starts the hub when logged in with both features on', async () => {
    const config = serverConfiguration({ loggedIn: true, granted: ['Pages.Users'] });
    const { storeState } = await bootWith(config)
      .call(ensureCultureCookie, 'en-GB')
      .put(configLoaded(config as never))
      .call(getCurrentLoginInformations)
      .put(sessionLoaded(TENANT_SESSION))
      .put(realtimeStartRequested())
      .call(configureMapKey, 'amap-test-key')
      .put(bootSucceeded())
      .run();
    const state = storeState as RootState;
    // Merged, not replaced: defaults the server did not send survive next to what it sent.
    expect(state.app.config.clock.provider).toBe('unspecifiedClockProvider');
    expect(state.app.config.multiTenancy.sides).toEqual({ host: 2, tenant: 1 });
    expect(state.app.config.auth.grantedPermissions).toEqual({ 'Pages.Users': 'true' });
    expect(state.app.config.custom.publicHost).toBe('waste.example.cn');
    expect(state.app.session.user?.userName).toBe('admin');
    expect(state.app.boot).toBe('ready');
    // Menu list: home plus the permitted user screen; the setting group shows only what is granted.
    expect(state.app.menu).toEqual([{ group: null, routes: ['home'] }, { group: 'setting', routes: ['user'] }]);
    // Page cache: persisted tabs restored, minus unknown and forbidden ones (tenant needs a permission and the host).
    expect(state.tabs).toEqual({ opened: ['home', 'user'], active: 'user' });
  });

  it('on the wall\'s path fetches the display sign-in and runs it before the session loads; elsewhere fetches none of it', async () => {
    const config = serverConfiguration({ loggedIn: true, granted: ['Pages.BigData'] });
    const ran: Array<{ pathname: string; sessionLoaded: boolean }> = [];
    function* displayBoot(location: WallLocation): SagaIterator {
      const user: unknown = yield select((s: RootState) => s.app.session.user);
      ran.push({ pathname: location.pathname, sessionLoaded: user !== null });
    }
    const wall = { pathname: '/bigscreen', hash: '#display=abc' };
    await bootWith(config, TENANT_SESSION, LOCALHOST, wall, () => displayBoot).put(bootSucceeded()).run();
    expect(ran).toEqual([{ pathname: '/bigscreen', sessionLoaded: false }]);
    // Elsewhere, bootWith's loader throws if asked.
    await bootWith(config, TENANT_SESSION, LOCALHOST, { pathname: '/main/home', hash: '#display=abc' }).put(bootSucceeded()).run();
    await bootWith(config).put(bootSucceeded()).run();
    expect(isWallPath('/bigscreen/')).toBe(true);
  });

  it('loads the configuration before the session', async () => {
    const calls: string[] = [];
    await expectSaga(bootSaga)
      .withReducer(rootReducer, initialState())
      .provide({
        call(effect, next) {
          if (effect.fn === getUserConfiguration) return calls.push('config'), serverConfiguration({ loggedIn: false });
          if (effect.fn === getCurrentLoginInformations) return calls.push('session'), ANONYMOUS_SESSION;
          if (effect.fn === currentLocation) return LOCALHOST;
          if (effect.fn === ensureCultureCookie || effect.fn === configureMapKey || effect.fn === browserLanguage) return undefined;
          return next();
        },
      })
      .run();
    expect(calls).toEqual(['config', 'session']);
  });

  it.each([
    ['SignalR feature off', { signalR: false }],
    ['chat feature off', { chat: false }],
    ['both features off', { signalR: false, chat: false }],
  ])('does not start the hub for a logged-in user with the %s', async (_name, features) => {
    await bootWith(serverConfiguration({ loggedIn: true, ...features }))
      .not.put(realtimeStartRequested())
      .put(bootSucceeded())
      .run();
  });

  it('does not start the hub, restore tabs or build a menu for an anonymous visitor', async () => {
    const { storeState } = await bootWith(serverConfiguration({ loggedIn: false }), ANONYMOUS_SESSION)
      .not.put(realtimeStartRequested())
      .not.put.actionType(tabsRestored.type)
      .put(bootSucceeded())
      .run();
    const state = storeState as RootState;
    expect(state.app.session.user).toBeNull();
    expect(state.app.menu).toEqual([]);
  });

  it('sends a visit on the www host to the bare host before calling the server', async () => {
    await bootWith(serverConfiguration({ loggedIn: true }), TENANT_SESSION, {
      hostname: 'www.waste.example.cn',
      href: 'https://www.waste.example.cn/setting/user?x=1',
    })
      .call(redirectTo, 'https://waste.example.cn/setting/user?x=1')
      .not.call.fn(getUserConfiguration)
      .not.put(bootSucceeded())
      .run();
  });

  it('reports a failed start when the configuration cannot be loaded', async () => {
    const { storeState } = await expectSaga(bootSaga)
      .withReducer(rootReducer, initialState())
      .provide([
        [matchers.call.fn(browserLanguage), 'zh-CN'],
        [matchers.call.fn(ensureCultureCookie), undefined],
        [matchers.call.fn(currentLocation), LOCALHOST],
        [matchers.call.fn(getUserConfiguration), throwError(new Error('Network Error'))],
      ])
      .put(bootFailed('Network Error'))
      .not.call.fn(getCurrentLoginInformations)
      .run();
    expect((storeState as RootState).app.boot).toBe('failed');
  });
});
