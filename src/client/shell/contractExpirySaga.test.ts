import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../api/http';
import { bootSucceeded, configLoaded, sessionLoaded } from '../session/appSlice';
import { type RootState, rootReducer } from '../app/store';
import { serverConfiguration, TENANT_SESSION } from '../app/test-support';
import { loginSucceeded } from '../modules/login/loginSlice';
import { navigateTo } from '../util/navigator';
import {
  CONTRACTS_ROUTE, daysUntil, DISMISS_SUPPRESSION_MS, EXPIRING_CONTRACTS_PATH, isSuppressed, readDismissedAt,
  watchContractExpiry, writeDismissedAt,
} from './contractExpirySaga';
import { currentTime } from '../time/clock';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { contractExpiryDismissed, contractExpiryViewRequested, expiringContractsShown } from './contractExpirySlice';

// A fixed clock: 30 s after midnight of 10 January 2025 in China, the tenant's zone (still the 9th in UTC and in the
// test process's Los Angeles: a count from any other calendar is a day off).
const CHINA = DEFAULT_TIME_ZONE;
const NOW = Date.UTC(2025, 0, 9, 16, 0, 30);
const EXPIRING = [
  { id: 3, contractNo: 'HT-003', partyBName: '江苏某某环保科技有限公司', expiryDate: '2025-02-09', status: 0 },
  { id: 1, contractNo: 'HT-001', partyBName: '某某化工', expiryDate: '2025-01-10', status: 0 },
  { id: 2, contractNo: 'HT-002', partyBName: null, expiryDate: '2025-01-17', status: 0 },
];

function stateOf(options: { loggedIn?: boolean; granted?: string[] } = {}): RootState {
  const { loggedIn = true, granted = ['Pages.ContractManagement'] } = options;
  let state = rootReducer(undefined, { type: '@@init' });
  state = rootReducer(state, configLoaded(serverConfiguration({ loggedIn, granted }) as never));
  if (loggedIn) state = rootReducer(state, sessionLoaded(TENANT_SESSION));
  return state;
}

function fakeEnvironment(dismissedAt: number | null, answer: () => unknown = () => EXPIRING) {
  const calls: unknown[][] = [];
  const written: number[] = [];
  const navigations: string[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === currentTime) return NOW;
      if (effect.fn === readDismissedAt) return dismissedAt;
      if (effect.fn === writeDismissedAt) {
        written.push(effect.args[0] as number);
        return undefined;
      }
      if (effect.fn === navigateTo) {
        navigations.push(effect.args[0] as string);
        return undefined;
      }
      if (effect.fn === callApi) {
        calls.push(effect.args);
        return answer();
      }
      return next();
    },
  };
  return { calls, written, navigations, providers };
}

const popupOf = (result: { storeState: unknown }) => (result.storeState as RootState).contractExpiry;

describe('contract-expiry popup', () => {
  it('after start-up lists the expiring contracts, soonest first, with the days left by the calendar', async () => {
    const env = fakeEnvironment(null);
    const result = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, stateOf())
      .provide(env.providers)
      .dispatch(bootSucceeded())
      .silentRun(30);
    expect(env.calls).toEqual([['GET', EXPIRING_CONTRACTS_PATH, {}, { silent: true }]]);
    expect(popupOf(result)).toEqual({
      visible: true,
      items: [
        { id: 1, contractNo: 'HT-001', partyBName: '某某化工', expiryDate: '2025-01-10', daysLeft: 0 },
        { id: 2, contractNo: 'HT-002', partyBName: '', expiryDate: '2025-01-17', daysLeft: 7 },
        { id: 3, contractNo: 'HT-003', partyBName: '江苏某某环保科技有限公司', expiryDate: '2025-02-09', daysLeft: 30 },
      ],
    });
  });

  it('checks again after a login', async () => {
    const env = fakeEnvironment(null);
    const result = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, stateOf())
      .provide(env.providers)
      .dispatch(loginSucceeded())
      .silentRun(30);
    expect(env.calls).toHaveLength(1);
    expect(popupOf(result).visible).toBe(true);
  });

  it('stays away (and asks nothing) within 2.232e8 ms of a dismissal, and comes back once that has passed', async () => {
    const within = fakeEnvironment(NOW - DISMISS_SUPPRESSION_MS + 1);
    const suppressed = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, stateOf())
      .provide(within.providers)
      .not.put.actionType(expiringContractsShown.type)
      .dispatch(bootSucceeded())
      .silentRun(30);
    expect(within.calls).toEqual([]);
    expect(popupOf(suppressed).visible).toBe(false);

    const after = fakeEnvironment(NOW - DISMISS_SUPPRESSION_MS);
    const shown = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, stateOf())
      .provide(after.providers)
      .dispatch(bootSucceeded())
      .silentRun(30);
    expect(after.calls).toHaveLength(1);
    expect(popupOf(shown).visible).toBe(true);
  });

  it.each([
    ['a user without the contracts permission', { granted: ['Pages.Users'] }],
    ['the login page (no session)', { loggedIn: false }],
  ])('asks nothing for %s', async (_name, options) => {
    const env = fakeEnvironment(null);
    const result = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, stateOf(options))
      .provide(env.providers)
      .dispatch(bootSucceeded())
      .silentRun(30);
    expect(env.calls).toEqual([]);
    expect(popupOf(result).visible).toBe(false);
  });

  it('shows nothing when no contract is expiring or the call fails', async () => {
    for (const answer of [() => [], () => { throw new Error('Network Error'); }]) {
      const env = fakeEnvironment(null, answer);
      const result = await expectSaga(watchContractExpiry)
        .withReducer(rootReducer, stateOf())
        .provide(env.providers)
        .dispatch(bootSucceeded())
        .silentRun(30);
      expect(popupOf(result)).toEqual({ visible: false, items: [] });
    }
  });

  it('dismissing stores the time and hides the card', async () => {
    const env = fakeEnvironment(null);
    const result = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, rootReducer(stateOf(), expiringContractsShown([{ id: 1, contractNo: 'HT-001', partyBName: '', expiryDate: '2025-01-10', daysLeft: 0 }])))
      .provide(env.providers)
      .dispatch(contractExpiryDismissed())
      .silentRun(30);
    expect(env.written).toEqual([NOW]);
    expect(popupOf(result).visible).toBe(false);
  });

  it('“查看合同” hides the card without suppressing it and opens the contracts screen', async () => {
    const env = fakeEnvironment(null);
    const result = await expectSaga(watchContractExpiry)
      .withReducer(rootReducer, rootReducer(stateOf(), expiringContractsShown([{ id: 1, contractNo: 'HT-001', partyBName: '', expiryDate: '2025-01-10', daysLeft: 0 }])))
      .provide(env.providers)
      .dispatch(contractExpiryViewRequested())
      .silentRun(30);
    expect(env.navigations).toEqual([CONTRACTS_ROUTE]);
    expect(CONTRACTS_ROUTE).toBe('/contractmanagement/contract');
    expect(env.written).toEqual([]);
    expect(popupOf(result).visible).toBe(false);
  });
});

describe('suppression and dates', () => {
  it('suppresses only inside the window after a dismissal in the past', () => {
    expect(isSuppressed(null, NOW)).toBe(false);
    expect(isSuppressed(NOW, NOW)).toBe(true);
    expect(isSuppressed(NOW - DISMISS_SUPPRESSION_MS + 1, NOW)).toBe(true);
    expect(isSuppressed(NOW - DISMISS_SUPPRESSION_MS, NOW)).toBe(false);
    // A dismissal "in the future" (the clock was set back) must not hide the card for ever.
    expect(isSuppressed(NOW + 1000, NOW)).toBe(false);
  });

  it('reads and writes the dismissal time in localStorage, ignoring garbage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    Object.assign(globalThis, { localStorage: storage });
    try {
      expect(readDismissedAt()).toBeNull();
      writeDismissedAt(NOW);
      expect(store.get('shell.contractExpiryDismissedAt')).toBe(String(NOW));
      expect(readDismissedAt()).toBe(NOW);
      store.set('shell.contractExpiryDismissedAt', '"soon"');
      expect(readDismissedAt()).toBeNull();
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  it('counts calendar days from the tenant\'s date, just before and after its midnight', () => {
    expect(daysUntil('2025-01-10', NOW, CHINA)).toBe(0);
    expect(daysUntil('2025-01-11', Date.UTC(2025, 0, 10, 15, 59, 30), CHINA)).toBe(1);
    expect(daysUntil('2025-01-11', Date.UTC(2025, 0, 10, 16, 0, 30), CHINA)).toBe(0);
    expect(daysUntil('2025-03-01', NOW, CHINA)).toBe(50);
    expect(daysUntil('2025-01-10', NOW, 'UTC')).toBe(1);
    expect(daysUntil('garbage', NOW, CHINA)).toBeNull();
    expect(daysUntil('2025-02-30', NOW, CHINA)).toBeNull();
  });
});
