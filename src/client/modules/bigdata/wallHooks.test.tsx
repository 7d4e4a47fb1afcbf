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

  it('reloads the page when the server serves other scripts, and not before', async () => {
    document.documentElement.innerHTML = page('main.11.js');
    const served = { html: page('main.11.js') };
    const fetchMock = jest.fn(async () => ({ ok: true, text: async () => served.html }));
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    const reload = jest.fn();
    function Watcher() {
      useReloadOnNewBuild(60_000, reload);
      return null;
    }
    mount(<Watcher />);
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    served.html = page('main.22.js');
    await act(async () => {
      jest.advanceTimersByTime(60_000);
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
