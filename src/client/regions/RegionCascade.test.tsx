/** @jest-environment jsdom */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { combineReducers, configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { screenTestSetup, byTestId, click, createI18n, typeInto } from '../crud/test-support-render';
import { RegionCascade, type RegionCascadeProps, type RegionValue } from './RegionCascade';
import { regionsActions as A, regionsReducer, type Region, type RegionsState } from './slice';

screenTestSetup();

const region = (code: string, name: string): Region => ({
  code, name, level: ({ 2: 1, 4: 2, 6: 3, 9: 4, 12: 5 } as const)[code.length as 2 | 4 | 6 | 9 | 12], hasChildren: code.length < 12,
});
const LISTS: Record<string, Region[]> = {
  '': [region('11', '北京市'), region('33', '浙江省')],
  '33': [region('3301', '杭州市'), region('3302', '宁波市')],
  '3301': [region('330102', '上城区'), region('330106', '西湖区')],
  '330106': [region('330106002', '北山街道')],
  '330106002': [region('330106002051', '上保社区')],
};
const loaded = (...parents: string[]): RegionsState => ({
  byParent: Object.fromEntries(parents.map((p) => [p, { items: LISTS[p], loading: false, loaded: true, error: null }])),
});

const EMPTY: RegionValue = { province: null, city: null, county: null, town: null, village: null };

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

/** Renders the cascade over a real regions store (no sagas: the test answers), keeping the value the way a form does. */
function show(regions: RegionsState, initial: Partial<RegionValue> = {}, props: Partial<RegionCascadeProps> = {}, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  const dispatched: Action[] = [];
  const record: Middleware = () => (next) => (action) => {
    dispatched.push(action as Action);
    return next(action);
  };
  const store = configureStore({
    reducer: combineReducers({ regions: regionsReducer }),
    preloadedState: { regions },
    middleware: (getDefault) => getDefault({ thunk: false }).concat(record),
  });
  const changes: RegionValue[] = [];
  function Form() {
    const [value, setValue] = useState<Partial<RegionValue>>(initial);
    return <RegionCascade {...props} value={value} onChange={(next) => { changes.push(next); setValue(next); }} />;
  }
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => {
    root!.render(<Provider store={store}><I18nextProvider i18n={createI18n(language)}><Form /></I18nextProvider></Provider>);
  });
  const requests = () => dispatched.filter((a) => a.type === A.childrenRequested.type).map((a) => (a as ReturnType<typeof A.childrenRequested>).payload.parentCode);
  const answer = (parent: string) => act(() => {
    store.dispatch(A.childrenLoaded({ parentCode: parent === '' ? null : parent, items: LISTS[parent] }));
  });
  return { store, changes, requests, answer };
}

const select = (field: string) => byTestId(`region-${field}`) as HTMLSelectElement;
const options = (field: string) => [...select(field).options].map((o) => o.text);

describe('RegionCascade', () => {
  it('asks for the provinces, shows a spinner while they load and disables the levels below', () => {
    const view = show({ byParent: {} });
    expect(view.requests()).toEqual([null]);
    act(() => {
      view.store.dispatch(A.childrenLoading({ parentCode: null }));
    });
    expect(byTestId('region-province-loading')).not.toBeNull();
    expect(options('province')).toEqual(['正在加载省…']);
    for (const field of ['city', 'county', 'town', 'village']) {
      expect(select(field).disabled).toBe(true);
      expect(options(field)).toEqual([`请选择${({ city: '市', county: '区/县', town: '乡镇/街道', village: '村/社区' } as Record<string, string>)[field]}`]);
    }
    view.answer('');
    expect(byTestId('region-province-loading')).toBeNull();
    expect(select('province').disabled).toBe(false);
    expect(options('province')).toEqual(['请选择省', '北京市', '浙江省']);
  });

  it('walks down five levels, asking for each list as its parent is chosen', () => {
    const view = show(loaded(''));
    typeInto(select('province'), '33');
    expect(view.changes.at(-1)).toEqual({ ...EMPTY, province: '33' });
    expect(view.requests()).toContain('33');
    expect(select('city').disabled).toBe(false);
    view.answer('33');
    expect(options('city')).toEqual(['请选择市', '杭州市', '宁波市']);

    typeInto(select('city'), '3301');
    view.answer('3301');
    typeInto(select('county'), '330106');
    view.answer('330106');
    typeInto(select('town'), '330106002');
    view.answer('330106002');
    typeInto(select('village'), '330106002051');
    expect(view.changes.at(-1)).toEqual({ province: '33', city: '3301', county: '330106', town: '330106002', village: '330106002051' });
    expect(view.requests()).toEqual(['33', '3301', '330106', '330106002']);
    expect(select('village').value).toBe('330106002051');
  });

  it('clears the deeper levels when a level changes and disables the ones left without a parent', () => {
    const view = show(loaded('', '33', '3301', '330106', '330106002'),
      { province: '33', city: '3301', county: '330106', town: '330106002', village: '330106002051' });
    expect(view.requests()).toEqual([]); // everything is cached
    expect(select('county').value).toBe('330106');
    typeInto(select('city'), '3302');
    expect(view.changes.at(-1)).toEqual({ ...EMPTY, province: '33', city: '3302' });
    expect(view.requests()).toEqual(['3302']);
    expect(select('county').value).toBe('');
    expect(select('town').disabled).toBe(true);
    expect(select('village').disabled).toBe(true);

    typeInto(select('province'), '');
    expect(view.changes.at(-1)).toEqual(EMPTY);
    expect(select('city').disabled).toBe(true);
  });

  it('asks for the lists of a value set from outside and keeps a code its list does not show yet', () => {
    const view = show(loaded(''), { province: '33', city: '3301' });
    expect(view.requests().sort()).toEqual(['33', '3301']);
    expect(select('city').value).toBe('3301');
    expect(options('city')).toEqual(['请选择市', '3301']);
    view.answer('33');
    expect(options('city')).toEqual(['请选择市', '杭州市', '宁波市']);
    expect(select('city').value).toBe('3301');
  });

  it('offers only the levels asked for, with English labels', () => {
    const view = show(loaded('', '33'), { province: '33' }, { levels: 2 }, 'en-US');
    expect(byTestId('region-county')).toBeNull();
    expect(byTestId('region-village')).toBeNull();
    expect(options('province')[0]).toBe('Select Province…');
    expect(select('city').getAttribute('aria-label')).toBe('City');
    typeInto(select('city'), '3301');
    expect(view.changes.at(-1)).toEqual({ ...EMPTY, province: '33', city: '3301' });
    expect(view.requests()).toEqual([]); // no county select: nothing more to load
  });

  it('shows a failed list with a retry', () => {
    const view = show({ byParent: { '': { items: [], loading: false, loaded: false, error: { message: '请求无效！', status: 400 } } } });
    expect(view.requests()).toEqual([]);
    expect(options('province')).toEqual(['省加载失败']);
    click(byTestId('region-province-retry'));
    expect(view.requests()).toEqual([null]);
  });

  it('treats undefined and empty codes as empty levels', () => {
    show(loaded('', '33'), { province: '33', city: '', county: undefined });
    expect(select('city').disabled).toBe(false);
    expect(select('county').disabled).toBe(true);
  });

  it('disables every level when the cascade is disabled', () => {
    show(loaded('', '33'), { province: '33' }, { disabled: true });
    expect(select('province').disabled).toBe(true);
    expect(select('city').disabled).toBe(true);
  });
});
