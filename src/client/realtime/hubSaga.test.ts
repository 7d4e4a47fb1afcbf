import { expectSaga } from 'redux-saga-test-plan';
import { delay } from 'redux-saga/effects';
import { loggedOut, realtimeStatusChanged } from '../app/appSlice';
import { realtimeReceived, realtimeStartRequested } from './actions';
import type { HubConnectionFactory, HubConnectionLike } from './connection';
import { hubLoop, hubWatcher, RECONNECT_DELAY_MS } from './hubSaga';

/** A stand-in for a SignalR HubConnection whose start outcome and pushes the test controls. */
class FakeConnection implements HubConnectionLike {
  handlers = new Map<string, (...args: unknown[]) => void>();
  closeHandlers: Array<(error?: Error) => void> = [];
  started = false;
  stopped = false;

  constructor(private readonly startOutcome: 'ok' | 'fail') {}

  start(): Promise<void> {
    if (this.startOutcome === 'fail') return Promise.reject(new Error('negotiate failed'));
    this.started = true;
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }

  on(target: string, handler: (...args: unknown[]) => void): void {
    this.handlers.set(target, handler);
  }

  off(target: string): void {
    this.handlers.delete(target);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closeHandlers.push(callback);
  }

  push(target: string, ...args: unknown[]): void {
    this.handlers.get(target)?.(...args);
  }

  close(error?: Error): void {
    for (const callback of this.closeHandlers) callback(error);
  }
}

/** A factory that hands out connections with the given start outcomes, then connections that start fine. */
function fakeFactory(outcomes: Array<'ok' | 'fail'>) {
  const created: FakeConnection[] = [];
  const factory: HubConnectionFactory = () => {
    const connection = new FakeConnection(outcomes[created.length] ?? 'ok');
    created.push(connection);
    return connection;
  };
  return { factory, created };
}

// `delay(ms)` is a call effect to redux-saga's internal timer; providing it lets the test run the loop without waiting.
const DELAY_FN = delay(0).payload.fn;

/** A delay provider that records the requested waits and returns at once. */
function instantDelays() {
  const waits: number[] = [];
  const provider = {
    call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
      if (effect.fn !== DELAY_FN) return next();
      waits.push(effect.args[0] as number);
      return undefined;
    },
  };
  return { waits, provider };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hub connection saga', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('forwards getNotification and ReceiveMessage pushes as realtime/received actions', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const run = expectSaga(hubLoop, factory)
      .put(realtimeStatusChanged('connected'))
      .put(realtimeReceived({ target: 'getNotification', args: [{ id: 7, type: 0, title: 'Contract expiring' }] }))
      .put(realtimeReceived({ target: 'ReceiveMessage', args: ['alice', 'hello'] }))
      .silentRun(50);
    await tick();
    created[0].push('getNotification', { id: 7, type: 0, title: 'Contract expiring' });
    created[0].push('ReceiveMessage', 'alice', 'hello');
    created[0].push('someOtherTarget', 'ignored');
    await run;
    expect(created).toHaveLength(1);
  });

  it('retries every 5 s while the connection fails to start, then stays connected', async () => {
    const { factory, created } = fakeFactory(['fail', 'fail', 'fail', 'ok']);
    const { waits, provider } = instantDelays();
    await expectSaga(hubLoop, factory)
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
    const run = expectSaga(hubLoop, factory).provide(provider).silentRun(50);
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
      .provide({
        call(effect, next) {
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

  it('starts only when asked and stops retrying at logout', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { waits, provider } = instantDelays();
    const saga = expectSaga(hubWatcher, factory).provide(provider).put(realtimeStatusChanged('off'));
    const run = saga.silentRun(80);
    await tick();
    expect(created).toHaveLength(0); // nothing before realtime/startRequested

    saga.dispatch(realtimeStartRequested());
    await tick();
    expect(created).toHaveLength(1);
    expect(created[0].started).toBe(true);

    saga.dispatch(loggedOut());
    await tick();
    expect(created[0].stopped).toBe(true);
    created[0].close();
    await tick();
    await run;
    expect(created).toHaveLength(1);
    expect(waits).toEqual([]);
  });
});
