import { expectSaga } from 'redux-saga-test-plan';
import { loggedOut, realtimeStatusChanged } from '../session/appSlice';
import { realtimeStartRequested } from './actions';
import { hubLoop } from './hubSaga';
import { hubWatcher, loadHubLoop } from './hubWatcher';
import { fakeFactory, hubProviders, hubTestReducer } from './test-support-hub';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the hub watcher', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads the hub\'s code and connects only when asked, and stops at logout', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { waits, provider } = hubProviders({ instantDelays: true });
    const load = jest.fn(loadHubLoop);
    const saga = expectSaga(hubWatcher, factory, load).withReducer(hubTestReducer).provide(provider).put(realtimeStatusChanged('off'));
    const run = saga.silentRun(150);
    await tick();
    expect(load).not.toHaveBeenCalled();
    expect(created).toHaveLength(0);

    saga.dispatch(realtimeStartRequested());
    for (let i = 0; i < 20 && !created[0]?.started; i += 1) await tick();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await load.mock.results[0].value).toBe(hubLoop);
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

  it('asks for the hub\'s code again after the retry interval while it cannot be fetched', async () => {
    const { factory, created } = fakeFactory(['ok']);
    const { waits, provider } = hubProviders({ instantDelays: true });
    const load = jest.fn(loadHubLoop).mockRejectedValueOnce(new Error('ChunkLoadError'));
    const saga = expectSaga(hubWatcher, factory, load).withReducer(hubTestReducer).provide(provider)
      .put(realtimeStatusChanged('retrying'))
      .put(realtimeStatusChanged('connected'));
    const run = saga.silentRun(150);
    saga.dispatch(realtimeStartRequested());
    await run;
    expect(load).toHaveBeenCalledTimes(2);
    expect(waits[0]).toBe(5000);
    expect(created).toHaveLength(1);
  });
});
