/** @jest-environment jsdom */
import { act } from 'react';
import { waitFor } from '../../../../test/support/wait';
import { byTestId, click, createI18n, render, typeInto } from '../../crud/test-support-render';
import StoragePage from './StoragePage';
import { monitoringScreenTests, monitoringStore, push, settle, storagePoint, weightEvent, type ApiRequest, type Handler } from './test-support';
import { DEFAULT_TIME_ZONE, formatInstant } from '../../../shared/time';

jest.mock('../../util/toaster', () => ({ showToast: jest.fn() }));
// The chart itself is echarts on a canvas; what matters here is which points it is given.
jest.mock('./WeightChart', () => ({
  __esModule: true,
  default: (props: { points: [number, number][] }) => jest.requireActual<typeof import('react')>('react').createElement('div', {
    'data-testid': 'weight-chart', 'data-weights': props.points.map((p) => p[1]).join(','),
  }),
}));

const stops = monitoringScreenTests();

const FINAL = 'Hazardouswastestorage/GetHazardouswastestoragefinaldata';
const BY_ID = 'Hazardouswastestorage/GetGetHazardouswastestoragefinaldataById';
const CORRECT = 'Hazardouswastestorage/UpdateCurrentWeight';

/**
 * A server time `minutesAgo` before now, as the server writes it: on the tenant's clock (China) with its offset (the
 * chart keeps the last 24 hours of the real clock).
 */
function ago(minutesAgo: number): string {
  return formatInstant(Date.now() - minutesAgo * 60_000, DEFAULT_TIME_ZONE);
}

// Made for each test: their times are relative to the test's clock.
let P21 = storagePoint();
let P22 = storagePoint();
beforeEach(() => {
  P21 = storagePoint({ lastChangeTime: ago(30) });
  P22 = storagePoint({
    id: 22, smartequipmentId: 12, serialNumber: 'DEV-012', enterpriseId: 3, enterpriseName: '绿源处置', storagePlace: '贮存池1',
    currentWeight: 1950, capacity: 2000, fillRatio: 0.975, onlineState: 1, lastChangeTime: ago(5),
  });
});

async function openStorage(other: Handler = () => null) {
  const bed = monitoringStore((request) => (request.path === FINAL ? { items: [P21, P22], seq: 10 } : other(request)));
  stops.push(bed.stop);
  const view = render(<StoragePage />, bed.asCrud, createI18n('zh-CN'));
  await settle();
  return { ...bed, view };
}

const cellText = (id: string) => byTestId(id)!.textContent;
const tableRows = () => [...document.querySelectorAll('[data-testid^="storage-open-"]')].map((a) => a.textContent);
const asked = (calls: ApiRequest[], path: string) => calls.filter((c) => c.path === path);

describe('the storage screen', () => {
  it('lists the points fullest first, with weights as a clerk writes them and an online tag', async () => {
    const { calls } = await openStorage();
    expect(asked(calls, FINAL)).toHaveLength(1);
    expect(tableRows()).toEqual(['DEV-012', 'DEV-011']);
    expect(cellText('storage-weight-21')).toBe('1,234.5 千克');
    expect(cellText('storage-weight-22')).toBe('1,950 千克');
    expect(cellText('storage-fill-22')).toContain('97.5%');
    const table = byTestId('storage-table')!.textContent!;
    expect(table).toContain('30 分钟前');
    expect(table).toContain('离线');
    expect(table).toContain('900-214-08');
  });

  it('updates a weight live from the log, flashing it, without reading the list again', async () => {
    const { calls, store } = await openStorage();
    push(store, weightEvent(P21, 1300.25, ago(0)));
    expect(cellText('storage-weight-21')).toBe('1,300.25 千克');
    expect(byTestId('storage-weight-21')!.getAttribute('data-flash')).toBe('true');
    expect(byTestId('storage-weight-22')!.getAttribute('data-flash')).toBe('false');
    expect(cellText('storage-fill-21')).toContain('65%');
    expect(byTestId('storage-table')!.textContent).toContain('刚刚');
    expect(asked(calls, FINAL)).toHaveLength(1);
  });

  it('sorts by a header and filters by enterprise and keyword', async () => {
    await openStorage();
    click(byTestId('storage-sort-serialNumber'));
    expect(tableRows()).toEqual(['DEV-011', 'DEV-012']);
    click(byTestId('storage-sort-serialNumber'));
    expect(tableRows()).toEqual(['DEV-012', 'DEV-011']);
    typeInto(byTestId('storage-enterprise'), '2');
    expect(tableRows()).toEqual(['DEV-011']);
    typeInto(byTestId('storage-enterprise'), '');
    typeInto(byTestId('storage-keyword'), '贮存池');
    expect(tableRows()).toEqual(['DEV-012']);
    typeInto(byTestId('storage-keyword'), '没有这个');
    expect(byTestId('storage-nomatch')).not.toBeNull();
  });

  it('opens a point’s 24-hour chart beside the table, extended by live weights; Escape closes it', async () => {
    const series = [{ at: ago(120), weight: 1100, max: 1100, min: 1100, count: 2 }, { at: ago(60), weight: 1200, max: 1200, min: 1150, count: 3 }];
    const { calls, store } = await openStorage((request) => (request.path === BY_ID
      ? { ...P21, series, corrections: [{ id: 1, previousWeight: 1300, currentWeight: 1234.5, reason: '称重校准', userName: 'admin', creationTime: ago(40) }], seq: 12 }
      : null));
    expect(byTestId('storage-panel')).toBeNull();
    click(byTestId('storage-open-21'));
    expect(byTestId('storage-panel')!.getAttribute('data-storage')).toBe('21');
    await settle();
    expect(asked(calls, BY_ID).map((c) => c.query)).toEqual([{ Id: 21 }]);
    expect(byTestId('weight-chart')!.getAttribute('data-weights')).toBe('1100,1200');
    expect(byTestId('storage-corrections')!.textContent).toContain('称重校准');
    push(store, weightEvent(P21, 1250, ago(0)));
    expect(byTestId('weight-chart')!.getAttribute('data-weights')).toBe('1100,1200,1250');
    expect(cellText('storage-panel-weight')).toBe('1,250 千克');
    // Another point's weight is not this chart's.
    push(store, weightEvent(P22, 1990, ago(0)));
    expect(byTestId('weight-chart')!.getAttribute('data-weights')).toBe('1100,1200,1250');
    act(() => {
      byTestId('storage-panel')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(byTestId('storage-panel')).toBeNull();
  });

  it('corrects a weight with a reason (required)', async () => {
    const { calls } = await openStorage((request) => {
      if (request.path === BY_ID) return { ...P21, series: [], corrections: [], seq: 12 };
      if (request.path === CORRECT) return { ...P21, currentWeight: 1000.5 };
      return null;
    });
    click(byTestId('storage-open-21'));
    await settle();
    expect(byTestId('storage-chart-empty')).not.toBeNull();
    click(byTestId('storage-correct'));
    expect((byTestId('correction-weight') as HTMLInputElement).value).toBe('1234.5');
    typeInto(byTestId('correction-weight'), '1,000.5');
    click(byTestId('correction-submit'));
    await settle();
    expect(asked(calls, CORRECT)).toEqual([]);
    expect(byTestId('correction')!.textContent).toContain('请填写修正原因');
    typeInto(byTestId('correction-weight'), '10.1234');
    typeInto(byTestId('correction-reason'), '人工清运后校准');
    click(byTestId('correction-submit'));
    await settle();
    expect(asked(calls, CORRECT)).toEqual([]);
    expect(byTestId('correction')!.textContent).toContain('最多3位小数');
    typeInto(byTestId('correction-weight'), '1,000.5');
    click(byTestId('correction-submit'));
    await settle();
    expect(asked(calls, CORRECT).map((c) => c.body)).toEqual([{ id: 21, currentWeight: 1000.5, reason: '人工清运后校准' }]);
    expect(byTestId('correction')).toBeNull();
    // Read again for a screen whose pushes may not arrive.
    expect(asked(calls, FINAL)).toHaveLength(2);
  });

  it('speaks English when asked, with no raw keys', async () => {
    const bed = monitoringStore((request) => (request.path === FINAL ? { items: [P21, P22], seq: 10 } : { ...P21, series: [], corrections: [], seq: 12 }));
    stops.push(bed.stop);
    render(<StoragePage />, bed.asCrud, createI18n('en-US'));
    await settle();
    click(byTestId('storage-open-21'));
    await settle();
    const text = byTestId('storage-page')!.textContent!;
    expect(text).toContain('1,234.5 kg');
    expect(text).toContain('30 min ago');
    expect(text).toContain('Correct weight');
    expect(text).not.toMatch(/monitoring\.|enum\.|shell\./);
  });

  it('shows the empty state and polls only while shown', async () => {
    const bed = monitoringStore((request) => (request.path === FINAL ? { items: [], seq: 1 } : null), { pollMs: 40 });
    stops.push(bed.stop);
    const view = render(<StoragePage />, bed.asCrud, createI18n('zh-CN'));
    const count = () => asked(bed.calls, FINAL).length;
    await act(() => waitFor('three polls', () => count() >= 3));
    expect(byTestId('storage-empty')).not.toBeNull();
    view.unmount();
    const atLeave = count();
    await settle(120);
    expect(count()).toBe(atLeave);
  });
});
