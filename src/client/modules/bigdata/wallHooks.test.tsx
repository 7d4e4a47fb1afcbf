/** @jest-environment jsdom */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { scriptsOf, useIdle, useReloadOnNewBuild, useRotation } from './wallHooks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLDivElement;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  jest.useRealTimers();
});

function mount(element: ReactElement) {
  root = createRoot(container);
  act(() => root!.render(element));
}

function Rotation({ count, seconds }: { count: number; seconds: number }) {
  return <span>{useRotation(count, seconds)}</span>;
}

function Idle() {
  return <span>{String(useIdle(3000))}</span>;
}

describe('the wall\'s panel sets', () => {
  it('turn every given number of seconds, round and round', () => {
    mount(<Rotation count={2} seconds={10} />);
    expect(container.textContent).toBe('0');
    act(() => jest.advanceTimersByTime(9_999));
    expect(container.textContent).toBe('0');
    act(() => jest.advanceTimersByTime(1));
    expect(container.textContent).toBe('1');
    act(() => jest.advanceTimersByTime(10_000));
    expect(container.textContent).toBe('0');
  });

  it('hold while the page is hidden', () => {
    mount(<Rotation count={2} seconds={10} />);
    visibility = 'hidden';
    act(() => jest.advanceTimersByTime(30_000));
    expect(container.textContent).toBe('0');
    visibility = 'visible';
    act(() => jest.advanceTimersByTime(10_000));
    expect(container.textContent).toBe('1');
  });

  it('stay put with one set', () => {
    mount(<Rotation count={1} seconds={10} />);
    act(() => jest.advanceTimersByTime(60_000));
    expect(container.textContent).toBe('0');
  });
});

describe('the kiosk cursor', () => {
  it('is idle after three still seconds and wakes with the pointer', () => {
    mount(<Idle />);
    act(() => jest.advanceTimersByTime(2_999));
    expect(container.textContent).toBe('false');
    act(() => jest.advanceTimersByTime(1));
    expect(container.textContent).toBe('true');
    act(() => {
      window.dispatchEvent(new Event('pointermove'));
    });
    expect(container.textContent).toBe('false');
  });
});

describe('a new build', () => {
  const page = (main: string) => `<html><head><link href=/css/main.1.css rel=stylesheet></head><body><script defer src=/js/runtime.aa.js></script><script defer src="/js/${main}"></script></body></html>`;

  it('is told by its scripts\' names', () => {
    expect(scriptsOf(page('main.11.js'))).toEqual(['/js/main.11.js', '/js/runtime.aa.js']);
  });

  function serve(html: string) {
    const served = { html };
    const fetchMock = jest.fn(async () => ({ ok: true, text: async () => served.html }));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    return { served, fetchMock };
  }

  /** A page running main.11.js, checking every minute; `reload` records the reloads. */
  function watch() {
    const reload = jest.fn();
    function Watcher() {
      useReloadOnNewBuild(60_000, reload);
      return null;
    }
    mount(<Watcher />);
    return reload;
  }

  const minutes = (n: number) => act(async () => {
    jest.advanceTimersByTime(n * 60_000);
  });

  it('reloads the page when the server serves other scripts, and not before', async () => {
    document.documentElement.innerHTML = page('main.11.js');
    const { served, fetchMock } = serve(page('main.11.js'));
    const reload = watch();
    await minutes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    served.html = page('main.22.js');
    await minutes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not take a lazy chunk still loading for another build', async () => {
    document.documentElement.innerHTML = page('main.11.js');
    const chunk = document.createElement('script');
    chunk.src = '/js/echarts.33.js';
    chunk.setAttribute('data-webpack', 'app:chunk-echarts');
    document.head.appendChild(chunk);
    const { fetchMock } = serve(page('main.11.js'));
    const reload = watch();
    await minutes(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('checks on time while the page re-renders more often than it checks', async () => {
    document.documentElement.innerHTML = page('main.11.js');
    const { fetchMock } = serve(page('main.22.js'));
    const reload = jest.fn();
    function Watcher({ turn }: { turn: number }) {
      // A new function on every render, as a caller writing an arrow inline would pass.
      useReloadOnNewBuild(60_000, () => reload(turn));
      return null;
    }
    mount(<Watcher turn={0} />);
    for (let turn = 1; turn <= 6; turn += 1) {
      await act(async () => {
        jest.advanceTimersByTime(10_000);
      });
      act(() => root!.render(<Watcher turn={turn} />));
    }
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledWith(5); // the function of the render before the check
  });
});
