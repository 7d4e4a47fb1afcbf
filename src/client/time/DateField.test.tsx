/** @jest-environment jsdom */
import { act, useState } from 'react';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { crudReducer } from '../crud';
import { byTestId, createI18n, render, screenTestSetup, typeInto } from '../crud/test-support-render';
import { appSlice, configLoaded } from '../session/appSlice';
import { DEFAULT_CONFIG } from '../session/config';
import { DateField, type DateFieldProps } from './DateField';

screenTestSetup();

/** A store holding the session kernel, its zone the tenant's (China unless said otherwise). */
function storeIn(zone = DEFAULT_TIME_ZONE) {
  const store = configureStore({ reducer: combineReducers({ app: appSlice.reducer, crud: crudReducer }) });
  store.dispatch(configLoaded({ ...DEFAULT_CONFIG, timing: { timeZoneInfo: { iana: { timeZoneId: zone } } } }));
  return store;
}

/** The field inside a form that keeps what it reports, as a form does. */
function Form({ initial, seen, ...props }: Omit<DateFieldProps, 'value' | 'onChange'> & { initial: string | null; seen: (string | null)[] }) {
  const [value, setValue] = useState(initial);
  return <DateField {...props} value={value} onChange={(next) => { seen.push(next); setValue(next); }} />;
}

const input = (testId: string) => {
  const element = byTestId(testId);
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input ${testId}`);
  return element;
};

const blur = (element: HTMLElement) => act(() => {
  element.dispatchEvent(new FocusEvent('blur', { bubbles: false }));
  element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
});

describe('the date input', () => {
  it('reads year first in zh-CN and month first in en-US, whatever the browser\'s locale', () => {
    const seen: (string | null)[] = [];
    render(<Form testId="d" initial="2026-11-28" seen={seen} />, storeIn(), createI18n('zh-CN'));
    expect(input('d').value).toBe('2026-11-28');
    expect(input('d').placeholder).toBe('YYYY-MM-DD');
    render(<Form testId="e" initial="2026-11-28" seen={seen} />, storeIn(), createI18n('en-US'));
    expect(input('e').value).toBe('11/28/2026');
    expect(input('e').placeholder).toBe('MM/DD/YYYY');
  });

  it('shows a date-time as the tenant\'s wall time in each language', () => {
    const seen: (string | null)[] = [];
    render(<Form testId="d" kind="datetime" initial="2026-11-28T09:30" seen={seen} />, storeIn(), createI18n('zh-CN'));
    expect(input('d').value).toBe('2026-11-28 09:30');
    render(<Form testId="e" kind="datetime" initial="2026-11-28T00:00" seen={seen} />, storeIn(), createI18n('en-US'));
    expect(input('e').value).toBe('11/28/2026 12:00 AM');
  });

  it('takes a typed date in the language\'s way and reports it as YYYY-MM-DD', () => {
    const seen: (string | null)[] = [];
    render(<Form testId="e" initial={null} seen={seen} />, storeIn(), createI18n('en-US'));
    act(() => input('e').focus());
    typeInto(input('e'), '12/01/2026');
    expect(seen.at(-1)).toBe('2026-12-01');
  });

  it('keeps an impossible date as typed for the validator to refuse, and marks it, instead of rolling it over', () => {
    const seen: (string | null)[] = [];
    render(<Form testId="d" initial="2026-02-01" seen={seen} />, storeIn(), createI18n('zh-CN'));
    act(() => input('d').focus());
    typeInto(input('d'), '2026-02-30');
    expect(seen).toEqual(['2026-02-30']);
    expect(seen).not.toContain('2026-03-02');
    blur(input('d'));
    expect(input('d').value).toBe('日期无效');
  });

  it('reports an emptied input as no date', () => {
    const seen: (string | null)[] = [];
    render(<Form testId="d" initial="2026-11-28" seen={seen} />, storeIn(), createI18n('zh-CN'));
    act(() => input('d').focus());
    typeInto(input('d'), '');
    expect(seen).toEqual([null]);
  });

  it('reports a typed date-time as a wall time of the tenant, without an offset, whatever the process\'s zone', () => {
    // The process runs in Los Angeles; the tenant in China, then in UTC: the wall time typed is what is sent.
    for (const zone of [DEFAULT_TIME_ZONE, 'UTC']) {
      const seen: (string | null)[] = [];
      const view = render(<Form testId="d" kind="datetime" initial={null} seen={seen} />, storeIn(zone), createI18n('zh-CN'));
      act(() => input('d').focus());
      typeInto(input('d'), '2026-11-28 00:00');
      expect(seen.at(-1)).toBe('2026-11-28T00:00');
      view.unmount();
    }
  });
});
