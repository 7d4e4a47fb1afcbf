// Rendering helpers for this folder's jsdom tests (not imported by the application).
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { HotkeysProvider } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import i18next, { type i18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { Action, Store } from '@reduxjs/toolkit';
import { buildTranslations } from '../../shared/locales/translations';
import type { CrudRootState } from './types';

/** What jsdom lacks for Blueprint: element sizes (the table renders only what fits), ResizeObserver, canvas text. */
export function installDomShims() {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 900 });
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: NoResizeObserver });
  HTMLCanvasElement.prototype.getContext = (() => ({ font: '', measureText: () => ({ width: 0 }) })) as never;
}

/** Icons load their paths asynchronously; loaded up front, they render inside `act`. */
export const preloadIcons = () => Icons.loadAll();

export function createI18n(language: 'zh-CN' | 'en-US' = 'zh-CN', escapeValue = false): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: buildTranslations(language) } },
    interpolation: { escapeValue },
    initAsync: false,
  });
  return instance;
}

/** A store that only holds a fixed state and records what is dispatched (the sagas are tested on their own). */
export function mockStore(state: CrudRootState) {
  const dispatched: Action[] = [];
  const store = {
    getState: () => state,
    dispatch: (action: Action) => {
      dispatched.push(action);
      return action;
    },
    subscribe: () => () => {},
    replaceReducer: () => {},
    // A screen's own watchers are not run here: its tests assert what it dispatches.
    runSagaOnce: () => {},
    [Symbol.observable]: () => ({ subscribe: () => ({ unsubscribe() {} }), [Symbol.observable]() { return this; } }),
  } as unknown as Store<CrudRootState>;
  return { store, dispatched };
}

export interface Rendered {
  container: HTMLElement;
  root: Root;
  unmount: () => void;
}

export function render(element: ReactElement, store: Store<CrudRootState>, i18n: i18n = createI18n()): Rendered {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  act(() => {
    root.render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}><HotkeysProvider>{element}</HotkeysProvider></I18nextProvider>
      </Provider>,
    );
  });
  const view: Rendered = {
    container,
    root,
    unmount: () => {
      if (!mounted.delete(view)) return;
      act(() => root.unmount());
      container.remove();
    },
  };
  mounted.add(view);
  return view;
}

/** Views rendered and not yet unmounted: `screenTestSetup` unmounts what a test left behind. */
const mounted = new Set<Rendered>();

/** A screen test file's set-up: jsdom shims, Blueprint icons, and after each test every view unmounted, the DOM empty. */
export function screenTestSetup(): void {
  installDomShims();
  beforeAll(preloadIcons);
  afterEach(() => {
    for (const view of [...mounted]) view.unmount();
    document.body.innerHTML = '';
  });
}

export const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

export function click(element: Element | null) {
  if (!element) throw new Error('nothing to click');
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}

/** Types into a React-controlled input the way a browser does (the native setter, then an input event). */
export function typeInto(element: Element | null, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) {
    throw new Error('not a form control');
  }
  const proto = Object.getPrototypeOf(element) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

/** Opens a reference multi-select's list the way a click into its text box does. */
export function openMultiSelect(testId: string) {
  const input = byTestId(testId);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no multi-select ${testId}`);
  act(() => {
    input.focus();
  });
  click(input);
  // Blueprint opens the list on a click into the box in a browser; jsdom needs the keyboard's way.
  act(() => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
  });
}
