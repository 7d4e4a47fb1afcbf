import { expectSaga } from 'redux-saga-test-plan';
import { call, race, take } from 'redux-saga/effects';
import { appSlice } from '../session/appSlice';
import type { EventLogState } from './eventLog';
import { hubLoop } from './hubSaga';
import { liveEventsApplied } from './liveActions';
import { liveStreamsClosed, liveStreamsOpened } from './liveStreams';
import { frame, page, plainEvents, weightEvent } from './test-support-events';
import { fakeFactory, hubProviders, hubTestReducer } from './test-support-hub';
import { sleep } from '../../../test/support/wait';

const STOP = 'test/stop';
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Turns the event loop until `done` holds: a busy machine takes more turns for the same steps. */
async function until(done: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await tick();
  }
}

/** A store whose user holds these permissions. */
function grantedState(...permissions: string[]) {
  const base = hubTestReducer(undefined, { type: '@@init' });
  const grantedPermissions = Object.fromEntries(permissions.map((p) => [p, 'true']));
  const config = { ...base.app.config, auth: { ...base.app.config.auth, grantedPermissions } };
  return { ...base, app: appSlice.reducer(base.app, appSlice.actions.configLoaded(config)) };
}

describe('hub saga with frames', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('takes a chained frame\'s range as covered, conflated seqs and all, and asks no catch-up', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { provider, eventsCalls } = hubProviders({ eventsAfter: () => page([], 10) });
    const run = expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider).silentRun(400);
    await tick();
    // Seqs 11 and 13 were readings the hub left out for 14 (the same point's later weight), 12 another's.
    created[0].push('ReceiveFrame', frame([weightEvent(14, 1, 300)], 10, 15));
    created[0].push('ReceiveFrame', frame([weightEvent(18, 1, 320)], 15, 18));
    const result = await run;
    expect(eventsCalls).toEqual([null]);
    const log: EventLogState = result.storeState.eventLog;
    expect(log.lastSeq).toBe(18);
    expect(log.gap).toBeNull();
    expect(log.events.map((e) => e.seq)).toEqual([14, 18]);
  });

  it('catches up at once when a frame starts above the log, though it carries nothing', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const calledAt: number[] = [];
    const eventsAfter = (after: number | null) => {
      calledAt.push(Date.now());
      return after === null ? page([], 10) : page(plainEvents(12, 12), 20);
    };
    const { provider, eventsCalls } = hubProviders({ eventsAfter });
    const run = expectSaga(hubLoop, factory).withReducer(hubTestReducer).provide(provider).silentRun(200);
    await tick();
    const pushedAt = Date.now();
    // The hub dropped this client's backlog: 11..20 are to be read from the log.
    created[0].push('ReceiveFrame', frame([], 20, 20));
    await sleep(20);
    created[0].push('ReceiveFrame', frame(plainEvents(21, 21), 20, 21));
    const result = await run;
    expect(eventsCalls).toEqual([null, 10]);
    expect(calledAt[1] - pushedAt).toBeLessThan(100);
    const log = result.storeState.eventLog;
    expect(log.lastSeq).toBe(21);
    expect(log.gap).toBeNull();
    const applied = (result.effects.put ?? []).map((e) => e.payload.action).filter(liveEventsApplied.match).flatMap((a) => a.payload.map((e) => e.seq));
    expect(applied).toEqual([12, 21]);
  });

  it('subscribes the streams the open screens want before the catch-up, follows them by count, and again on a new connection', async () => {
    const { factory, created } = fakeFactory(['ok', 'ok']);
    // The streams the connection held when each catch-up read the head.
    const heldAtCatchUp: string[][] = [];
    const { provider } = hubProviders({
      instantDelays: true,
      eventsAfter: () => {
        heldAtCatchUp.push([...created[created.length - 1].streams]);
        return page([], 0);
      },
    });
    const granted = grantedState('Pages.SupervisorConsole', 'Pages.TransferApplication');
    // Open screens: inventory is not allowed to this user, so never asked for.
    const opened = [liveStreamsOpened(['warnings', 'devices']), liveStreamsOpened(['inventory'])].reduce(hubTestReducer, granted);
    // Stopped by an action once the steps are done: a short time limit would cut the reconnect off on a busy machine.
    const untilStopped = function* untilStopped() {
      yield race([call(hubLoop, factory), take(STOP)]);
    };
    const saga = expectSaga(untilStopped).withReducer(hubTestReducer, opened).provide(provider);
    const run = saga.silentRun(10_000);
    await until(() => heldAtCatchUp.length === 1);
    expect(heldAtCatchUp).toEqual([['warnings', 'devices']]);

    saga.dispatch(liveStreamsOpened(['warnings', 'transfer']));
    await tick();
    saga.dispatch(liveStreamsClosed(['warnings', 'devices']));
    await tick();
    // Another screen still holds warnings.
    expect([...created[0].streams].sort()).toEqual(['transfer', 'warnings']);
    expect(created[0].invocations).toEqual([
      { method: 'Subscribe', streams: ['warnings', 'devices'] },
      { method: 'Subscribe', streams: ['transfer'] },
      { method: 'Unsubscribe', streams: ['devices'] },
    ]);

    created[0].close(new Error('network'));
    await until(() => heldAtCatchUp.length === 2);
    saga.dispatch({ type: STOP });
    await run;
    expect(created[1].invocations).toEqual([{ method: 'Subscribe', streams: ['warnings', 'transfer'] }]);
    expect(heldAtCatchUp[1]).toEqual(['warnings', 'transfer']);
  });

  it('hears a screen that opens while another closes, though the first change is still on its way', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { provider } = hubProviders({ instantDelays: true, eventsAfter: () => page([], 0) });
    const granted = grantedState('Pages.TransferApplication', 'Pages.InventoryList');
    const opened = hubTestReducer(granted, liveStreamsOpened(['transfer']));
    const saga = expectSaga(hubLoop, factory).withReducer(hubTestReducer, opened).provide(provider);
    const run = saga.silentRun(100);
    await tick();
    // The hub answers after a while, as over a network.
    const connection = created[0];
    const answer = connection.invoke.bind(connection);
    connection.invoke = <T,>(method: string, ...args: unknown[]) => sleep(10).then(() => answer<T>(method, ...args));
    // Leaving a list for the home page: the list's cleanup, then the home inbox's declaration, in one commit.
    saga.dispatch(liveStreamsClosed(['transfer']));
    await tick();
    saga.dispatch(liveStreamsOpened(['transfer', 'inventory']));
    await sleep(60);
    await run;
    expect([...created[0].streams].sort()).toEqual(['inventory', 'transfer']);
  });

  it('keeps the connection when a subscription is refused (permissions changed since the page loaded)', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { provider, eventsCalls } = hubProviders({ eventsAfter: () => page([], 0) });
    const saga = expectSaga(hubLoop, factory).withReducer(hubTestReducer, hubTestReducer(grantedState('Pages.SupervisorConsole'), liveStreamsOpened(['warnings']))).provide(provider);
    const run = saga.silentRun(80);
    created[0].refused.add('warnings');
    await tick();
    created[0].push('ReceiveFrame', frame(plainEvents(1, 1)));
    const result = await run;
    expect(created[0].invocations).toEqual([{ method: 'Subscribe', streams: ['warnings'] }]);
    expect(created).toHaveLength(1);
    expect(eventsCalls).toEqual([null]);
    expect(result.storeState.eventLog.lastSeq).toBe(1);
  });
});
