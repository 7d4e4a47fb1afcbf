import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { getCurrentLoginInformations, getUserConfiguration } from '../api/services';
import type { UserConfiguration } from '../api/types';
import { type RootState, rootReducer } from '../app/store';
import { serverConfiguration, TENANT_SESSION } from '../app/test-support';
import { configLoaded, loggedOut } from './appSlice';
import { zoneOfConfiguration } from './config';
import { selectTimeZone } from './selectors';
import { loadSessionSaga } from './sessionSaga';

/** The configuration as the server serves a tenant's zone (ABP's `timing` section). */
const servedIn = (zone: string): Partial<UserConfiguration> => ({
  ...serverConfiguration({ loggedIn: true }),
  timing: { timeZoneInfo: { iana: { timeZoneId: zone }, windows: { timeZoneId: 'Tokyo Standard Time' } } },
});

const initial = (): RootState => rootReducer(undefined, { type: '@@init' });

describe('the tenant\'s zone in the client', () => {
  it('is China\'s before the configuration says otherwise, and for a store without the session kernel', () => {
    expect(selectTimeZone(initial())).toBe(DEFAULT_TIME_ZONE);
    expect(selectTimeZone({})).toBe(DEFAULT_TIME_ZONE);
  });

  it('is read from the configuration at start-up, as ABP serves it', async () => {
    const { storeState } = await expectSaga(loadSessionSaga)
      .withReducer(rootReducer, initial())
      .provide([
        [matchers.call.fn(getUserConfiguration), servedIn('Asia/Tokyo')],
        [matchers.call.fn(getCurrentLoginInformations), TENANT_SESSION],
      ])
      .run();
    expect(selectTimeZone(storeState as RootState)).toBe('Asia/Tokyo');
  });

  it('follows a configuration read again, keeps its zone when a later read does not say, and survives a logout', () => {
    let state = rootReducer(initial(), configLoaded(servedIn('Europe/London') as UserConfiguration));
    expect(selectTimeZone(state)).toBe('Europe/London');
    state = rootReducer(state, configLoaded(serverConfiguration({ loggedIn: true }) as UserConfiguration));
    expect(selectTimeZone(state)).toBe('Europe/London');
    state = rootReducer(state, configLoaded(servedIn('Asia/Tokyo') as UserConfiguration));
    state = rootReducer(state, loggedOut());
    expect(selectTimeZone(state)).toBe('Asia/Tokyo');
  });

  it('spells a zone the platform\'s way and falls back to the default for one it does not know', () => {
    const timing = (timeZoneId: unknown) => ({ timing: { timeZoneInfo: { iana: { timeZoneId } } } } as Pick<UserConfiguration, 'timing'>);
    expect(zoneOfConfiguration(timing('asia/tokyo'))).toBe('Asia/Tokyo');
    expect(zoneOfConfiguration(timing('Mars/Olympus_Mons'))).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOfConfiguration(timing(42))).toBe(DEFAULT_TIME_ZONE);
    expect(zoneOfConfiguration({ timing: {} })).toBe(DEFAULT_TIME_ZONE);
  });
});
