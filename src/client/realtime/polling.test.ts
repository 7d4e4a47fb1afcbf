import { expectSaga } from 'redux-saga-test-plan';
import { loggedOut } from '../session/appSlice';
import { livePollStarted, livePollStopped, pollScreen, pollWhileVisible, type VisibilitySource } from './polling';
import { sleep } from '../../../test/support/wait';


/** A document stand-in whose visibility the test flips, counting its listeners. */
class FakeDocument extends EventTarget implements VisibilitySource {
  visibilityState: 'visible' | 'hidden' = 'visible';
  listeners = 0;

  override addEventListener(type: string, listener: () => void): void {
    this.listeners += 1;
    super.addEventListener(type, listener);
  }

  override removeEventListener(type: string, listener: () => void): void {
    this.listeners -= 1;
    super.removeEventListener(type, listener);
  }

  set(state: 'visible' | 'hidden'): void {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** A fetch saga that records when it ran (ms since `t0`). */
function recorder() {
  const t0 = Date.now();
  const at: number[] = [];
  function* fetch() {
    at.push(Date.now() - t0);
  }
  return { fetch, at, count: () => at.length };
}

const INTERVAL = 150;

describe('pollWhileVisible', () => {
  it('fetches at once and every interval, pauses while hidden and fetches again as soon as it shows', async () => {
    const doc = new FakeDocument();
    const { fetch, at, count } = recorder();
    const run = expectSaga(pollWhileVisible, fetch, INTERVAL, doc).silentRun(5 * INTERVAL + 60);

    await sleep(INTERVAL / 2);
    expect(count()).toBe(1); // at once
    await sleep(INTERVAL);
    expect(count()).toBe(2); // ~1 interval
    doc.set('hidden');
    await sleep(2 * INTERVAL);
    expect(count()).toBe(2); // nothing while hidden
    doc.set('hidden'); // a repeated event changes nothing
    doc.set('visible');
    await sleep(20);
    expect(count()).toBe(3); // at once on showing
    expect(at[2]).toBeGreaterThan(3 * INTERVAL);
    await sleep(INTERVAL);
    expect(count()).toBe(4); // and the interval resumes
    await run;
    expect(doc.listeners).toBe(0); // cancelled at the end of the run: the listener is gone
  });

  it('starts paused when the page is hidden', async () => {
    const doc = new FakeDocument();
    doc.visibilityState = 'hidden';
    const { fetch, count } = recorder();
    const run = expectSaga(pollWhileVisible, fetch, INTERVAL, doc).silentRun(INTERVAL + 60);
    await sleep(INTERVAL / 2);
    expect(count()).toBe(0);
    doc.set('visible');
    await sleep(20);
    expect(count()).toBe(1);
    await run;
  });

  it('keeps polling after a failed fetch', async () => {
    const doc = new FakeDocument();
    let calls = 0;
    function* failing() {
      calls += 1;
      throw new Error('offline');
    }
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expectSaga(pollWhileVisible, failing, 40, doc).silentRun(110);
    expect(calls).toBeGreaterThanOrEqual(2);
    jest.restoreAllMocks();
  });
});

describe('pollScreen', () => {
  it('polls for its screen key between the start and stop actions, and stops at logout', async () => {
    const doc = new FakeDocument();
    const { fetch, count } = recorder();
    const saga = expectSaga(pollScreen, 'storageWeights', fetch, INTERVAL, doc);
    const run = saga.silentRun(5 * INTERVAL);

    await sleep(20);
    saga.dispatch(livePollStarted({ screen: 'warnings' }));
    await sleep(20);
    expect(count()).toBe(0); // another screen's key

    saga.dispatch(livePollStarted({ screen: 'storageWeights' }));
    await sleep(20);
    expect(count()).toBe(1);
    saga.dispatch(livePollStopped({ screen: 'warnings' }));
    await sleep(INTERVAL);
    expect(count()).toBe(2);
    saga.dispatch(livePollStopped({ screen: 'storageWeights' }));
    await sleep(INTERVAL + 20);
    expect(count()).toBe(2);
    expect(doc.listeners).toBe(0);

    saga.dispatch(livePollStarted({ screen: 'storageWeights' }));
    await sleep(20);
    expect(count()).toBe(3);
    saga.dispatch(loggedOut());
    await sleep(INTERVAL + 20);
    expect(count()).toBe(3);
    await run;
  });
});
