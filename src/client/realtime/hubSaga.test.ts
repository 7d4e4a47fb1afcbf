import { expectSaga } from 'redux-saga-test-plan';
import { realtimeStatusChanged } from '../session/appSlice';
import { realtimeReceived } from './actions';
import { getEventsAfter } from './eventsApi';
import { hubLoop } from './hubSaga';
import { RECONNECT_DELAY_MS } from './hubWatcher';
import { DELAY_FN, fakeFactory, hubProviders, hubTestReducer } from './test-support-hub';

/** Providers with instant delays (their lengths recorded) and a quiet events endpoint. */
function instantDelays() {
  const { provider, waits } = hubProviders({ instantDelays: true });
  return { waits, provider };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hub connection saga', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('forwards ReceiveFrame and ReceiveMessage pushes as realtime/received actions, and listens to nothing else', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const run = expectSaga(hubLoop, factory)
      .withReducer(hubTestReducer)
      .provide(hubProviders().provider)
      .put(realtimeStatusChanged('connected'))
      .silentRun(50);
    await tick();
    created[0].push('ReceiveFrame', { after: 0, upTo: 0, events: [] });
    created[0].push('ReceiveMessage', 'alice', 'hello');
    // Notices, orders and stock arrive in frames: the side messages they once had, and the unframed pushes, are not listened to.
    for (const retired of ['getNotification', 'TransferOrderChanged', 'InventoryChanged', 'ReceiveEvent', 'someOtherTarget']) created[0].push(retired, { id: 7 });
    const result = await run;
    expect(created).toHaveLength(1);
    const received = (result.effects.put ?? []).map((e) => e.payload.action).filter(realtimeReceived.match).map((a) => a.payload);
    expect(received).toEqual([{ target: 'ReceiveFrame', args: [{ after: 0, upTo: 0, events: [] }] }, { target: 'ReceiveMessage', args: ['alice', 'hello'] }]);
  });

  it('retries every 5 s while the connection fails to start, then stays connected', async () => {
    const { factory, created } = fakeFactory(['fail', 'fail', 'fail', 'ok']);
    const { waits, provider } = instantDelays();
    await expectSaga(hubLoop, factory)
      .withReducer(hubTestReducer)
      .provide(provider)
      .put(realtimeStatusChanged('retrying'))
      .put(realtimeStatusChanged('connected'))
      .silentRun(50);
    expect(RECONNECT_DELAY_MS).toBe(5000);
    expect(created).toHaveLength(4);
    expect(waits).toEqual([5000, 5000, 5000]);
    expect(created[3].started).toBe(true);
  });

  it('reconnects 5 s after an open connection closes', async () => {
    const { factory, created } = fakeFactory(['ok', 'ok']);
    const { waits, provider } = instantDelays();
    const run = expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider).silentRun(50);
    await tick();
    expect(created).toHaveLength(1);
    expect(waits).toEqual([]);
    created[0].close(new Error('server went away'));
    await tick();
    await tick();
    await run;
    expect(waits).toEqual([5000]);
    expect(created).toHaveLength(2);
    expect(created[1].started).toBe(true);
  });

  it('waits the full interval before retrying (no retry while the delay is pending)', async () => {
    const { factory, created } = fakeFactory(['fail', 'ok']);
    const pending: Array<() => void> = [];
    const run = expectSaga(hubLoop, factory)
      .withReducer(hubTestReducer)
      .provide({
        call(effect, next) {
          if (effect.fn === getEventsAfter) return { items: [], head: 0, hasMore: false };
          if (effect.fn !== DELAY_FN) return next();
          expect(effect.args[0]).toBe(5000);
          return new Promise<void>((resolve) => pending.push(resolve));
        },
      })
      .silentRun(60);
    await tick();
    expect(created).toHaveLength(1);
    expect(pending).toHaveLength(1);
    await tick();
    expect(created).toHaveLength(1); // still waiting
    pending[0]();
    await tick();
    await tick();
    expect(created).toHaveLength(2);
    await run;
  });
});
