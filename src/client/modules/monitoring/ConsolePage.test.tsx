/** @jest-environment jsdom */
import { act } from 'react';
import { waitFor } from '../../../../test/support/wait';
import { byTestId, click, createI18n, render, typeInto } from '../../crud/test-support-render';
import { showToast } from '../../util/toaster';
import { playBeep } from './beep';
import ConsolePage from './ConsolePage';
import {
  event, monitoringScreenTests, monitoringStore, push, Refused, settle, warning, warningPayload, type ApiRequest, type Handler,
} from './test-support';

jest.mock('../../util/toaster', () => ({ showToast: jest.fn() }));
jest.mock('./beep', () => ({ playBeep: jest.fn(), primeAudio: jest.fn() }));

const stops = monitoringScreenTests(() => {
  localStorage.clear();
  jest.mocked(showToast).mockClear();
  jest.mocked(playBeep).mockClear();
});

const OPEN_PATH = 'EquipmentWarning/GetOpenWarnings';
const STATUS_PATH = 'EquipmentWarning/UpdateEquipmentWarningStatus';

/** The console over a fake server whose open warnings are `snapshot` (other calls go to `other`). */
async function openConsole(snapshot: ReturnType<typeof warning>[], other: Handler = () => null, pollMs?: number) {
  const bed = monitoringStore((request) => (request.path === OPEN_PATH ? { items: snapshot, seq: 10 } : other(request)), { pollMs });
  stops.push(bed.stop);
  const view = render(<ConsolePage />, bed.asCrud, createI18n('zh-CN'));
  await settle();
  return { ...bed, view };
}

const rows = (testId = 'console-warnings') =>
  [...document.querySelectorAll(`[data-testid="${testId}"] tr[data-group]`)].map((tr) => tr.getAttribute('data-group'));
/** Blueprint puts a switch's attributes on its checkbox. */
const soundToggle = () => {
  const element = byTestId('console-sound')!;
  return (element instanceof HTMLInputElement ? element : element.querySelector('input'))!;
};
const row = (key: string) => byTestId(`warning-row-${key}`)!;
const statusCalls = (calls: ApiRequest[]) => calls.filter((c) => c.path === STATUS_PATH);

function keyDown(element: Element, key: string) {
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

describe('the supervisor console', () => {
  it('shows a pushed warning at the top, flashing, with a toast; what was there before is not news', async () => {
    const { store } = await openConsole([warning({ id: 1, smartequipmentId: 11, warningType: 1 })]);
    expect(rows()).toEqual(['11:1']);
    expect(row('11:1').getAttribute('data-flash')).toBe('false');
    expect(showToast).not.toHaveBeenCalled();
    expect(byTestId('count-total')!.textContent).toBe('1');

    push(store, event('warning.raised', warningPayload({
      id: 2, smartequipmentId: 12, serialNumber: 'DEV-012', storageId: 22, warningType: 4, value: 8.5, threshold: 5,
      raisedAt: '2025-03-01T10:00:00', lastSeenAt: '2025-03-01T10:00:00',
    })));
    expect(rows()).toEqual(['12:4', '11:1']);
    expect(row('12:4').getAttribute('data-flash')).toBe('true');
    expect(row('12:4').className).toContain('monitoring-row-new');
    expect(row('11:1').getAttribute('data-flash')).toBe('false');
    // The live payload has no names: the enterprise is known from the snapshot.
    expect(row('12:4').textContent).toContain('华东化工');
    expect(row('12:4').textContent).toContain('8.5 kg');
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(jest.mocked(showToast).mock.calls[0][0]).toBe('新预警：减量预警 · 设备 DEV-012');
    expect(jest.mocked(showToast).mock.calls[0][1]).toBe('danger');
    expect(playBeep).not.toHaveBeenCalled();
    expect([byTestId('count-total'), byTestId('count-critical'), byTestId('count-minor')].map((e) => e!.textContent)).toEqual(['2', '1', '1']);
  });

  it('puts a newer warning of the same severity first, and beeps when the sound is on (remembered per user)', async () => {
    const { store } = await openConsole([warning({ id: 1, smartequipmentId: 11, warningType: 1, raisedAt: '2025-03-01T09:00:00' })]);
    const toggle = soundToggle();
    expect(toggle.checked).toBe(false);
    click(toggle);
    expect(localStorage.getItem('monitoring.sound.2')).toBe('true');
    push(store, event('warning.raised', warningPayload({ id: 3, smartequipmentId: 13, serialNumber: 'DEV-013', warningType: 1, raisedAt: '2025-03-01T11:00:00' })));
    expect(rows()).toEqual(['13:1', '11:1']);
    expect(playBeep).toHaveBeenCalledTimes(1);
  });

  it('folds repeats of a device and type into one row with the count, opening to the repeats', async () => {
    const { store } = await openConsole([]);
    expect(byTestId('console-empty')).not.toBeNull();
    const raised = warningPayload({ id: 7, smartequipmentId: 13, serialNumber: 'DEV-013', warningType: 2, value: 65, threshold: 60, raisedAt: '2025-03-01T10:00:00', lastSeenAt: '2025-03-01T10:00:00' });
    push(store, event('warning.raised', raised));
    push(store, event('warning.updated', { ...raised, occurrences: 3, value: 71.5, lastSeenAt: '2025-03-01T10:20:00' }));
    push(store, event('warning.raised', warningPayload({ id: 8, smartequipmentId: 13, serialNumber: 'DEV-013', warningType: 7, raisedAt: '2025-03-01T10:05:00' })));
    expect(rows()).toEqual(['13:2', '13:7']);
    expect(byTestId('warning-count-13:2')!.textContent).toBe('×3');
    expect(row('13:2').textContent).toContain('71.5 ℃');
    expect(byTestId('warning-expanded-13:2')).toBeNull();
    click(byTestId('warning-expand-13:2'));
    const repeats = [...byTestId('warning-repeats-7')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(repeats).toEqual(['2025-03-01 10:20　测量值 71.5 ℃（第 3 次）', '2025-03-01 10:00　测量值 65 ℃（第 1 次）']);
    // The keyboard: Enter on a focused row opens or closes it, arrows move between rows.
    act(() => row('13:2').focus());
    keyDown(row('13:2'), 'Enter');
    expect(byTestId('warning-expanded-13:2')).toBeNull();
    keyDown(row('13:2'), 'ArrowDown');
    expect(document.activeElement).toBe(row('13:7'));
  });

  it('folds two warnings of one device and type the snapshot holds into one row', async () => {
    await openConsole([
      warning({ id: 1, smartequipmentId: 11, warningType: 3, occurrences: 2, status: 1, acknowledgedBy: 'admin' }),
      warning({ id: 2, smartequipmentId: 11, warningType: 3, occurrences: 1, lastSeenAt: '2025-03-01T09:30:00' }),
    ]);
    expect(rows()).toEqual(['11:3']);
    expect(byTestId('warning-count-11:3')!.textContent).toBe('×3');
    // The row speaks for the open one.
    expect(byTestId('warning-status-2')).not.toBeNull();
    click(byTestId('warning-expand-11:3'));
    expect(byTestId('warning-details-11:3')!.textContent).toContain('#1');
    expect(byTestId('warning-details-11:3')!.textContent).toContain('#2');
  });

  it('mutes a device: its warnings leave the live list for the muted section, silently, and come back on unmute', async () => {
    const { store } = await openConsole([warning({ id: 1, smartequipmentId: 11, warningType: 1 }), warning({ id: 2, smartequipmentId: 12, serialNumber: 'DEV-012', warningType: 1 })]);
    click(soundToggle());
    click(byTestId('warning-mute-11'));
    click(byTestId('mute-1h-11'));
    expect(rows()).toEqual(['12:1']);
    expect(byTestId('console-muted-toggle')!.textContent).toBe('已静默设备的预警（1）');
    const saved = JSON.parse(localStorage.getItem('monitoring.mutes.2')!) as Record<string, number>;
    expect(Object.keys(saved)).toEqual(['11']);
    expect(saved[11] - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(saved[11] - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    push(store, event('warning.raised', warningPayload({ id: 5, smartequipmentId: 11, warningType: 4, raisedAt: '2025-03-01T12:00:00' })));
    expect(rows()).toEqual(['12:1']);
    expect(showToast).not.toHaveBeenCalled();
    expect(playBeep).not.toHaveBeenCalled();
    expect(byTestId('console-muted-toggle')!.textContent).toBe('已静默设备的预警（2）');
    expect(rows('console-muted-warnings')).toEqual([]);
    click(byTestId('console-muted-toggle'));
    expect(rows('console-muted-warnings')).toEqual(['11:4', '11:1']);

    click(byTestId('warning-unmute-11'));
    expect(rows()).toEqual(['11:4', '12:1', '11:1']);
    expect(byTestId('console-muted')).toBeNull();
    expect(JSON.parse(localStorage.getItem('monitoring.mutes.2')!)).toEqual({});
  });

  it('requires a note to close, and drops the warning at once; Escape cancels', async () => {
    let answer: (value: unknown) => void = () => {};
    const { calls } = await openConsole([warning({ id: 1, smartequipmentId: 11 })], (request) => (request.path === STATUS_PATH
      ? new Promise((resolve) => { answer = resolve; })
      : null));
    click(byTestId('warning-close-1'));
    expect(byTestId('warning-note-subject')!.textContent).toBe('电量预警 · 设备 DEV-011');
    keyDown(byTestId('warning-note-input')!, 'Escape');
    await settle(350);
    expect(byTestId('warning-note')).toBeNull();

    click(byTestId('warning-close-1'));
    click(byTestId('warning-note-submit'));
    expect(byTestId('warning-note')!.textContent).toContain('请填写处理说明');
    await settle();
    expect(statusCalls(calls)).toEqual([]);

    typeInto(byTestId('warning-note-input'), '已清运  ');
    keyDown(byTestId('warning-note-input')!, 'Enter');
    await settle();
    expect(statusCalls(calls).map((c) => c.body)).toEqual([{ id: 1, status: 2, note: '已清运' }]);
    // Gone before the server answered.
    expect(rows()).toEqual([]);
    expect(byTestId('warning-note')).toBeNull();
    answer(warningPayload({ id: 1, smartequipmentId: 11, status: 2, closeNote: '已清运' }));
    await settle();
    expect(rows()).toEqual([]);
    expect(jest.mocked(showToast).mock.calls.at(-1)).toEqual(['预警已关闭', 'success', 'tick']);
  });

  it('acknowledges without a note at once, and puts the warning back when the server refuses', async () => {
    let refuse: (error: Error) => void = () => {};
    const { calls } = await openConsole([warning({ id: 1, smartequipmentId: 11 })], (request) => (request.path === STATUS_PATH
      ? new Promise((_, reject) => { refuse = reject; })
      : null));
    click(byTestId('warning-ack-1'));
    click(byTestId('warning-note-submit'));
    await settle();
    expect(statusCalls(calls).map((c) => c.body)).toEqual([{ id: 1, status: 1, note: '' }]);
    expect(byTestId('warning-status-1')!.textContent).toBe('已确认');
    expect(byTestId('warning-ack-1')).toBeNull();
    refuse(new Refused('预警已被他人关闭'));
    await settle();
    expect(byTestId('warning-status-1')!.textContent).toBe('未处理');
    expect(byTestId('warning-ack-1')).not.toBeNull();
    expect(jest.mocked(showToast).mock.calls.at(-1)?.[0]).toContain('预警已被他人关闭');
  });

  it('writes an inspection from a warning, prefilled', async () => {
    const { calls } = await openConsole([warning({ id: 1, smartequipmentId: 11, warningType: 4, value: null, quantity: 12.5, threshold: 5, occurrences: 2 })],
      (request) => (request.path === 'RegularInspections/Create' ? { id: 70 } : null));
    click(byTestId('warning-inspect-1'));
    expect((byTestId('inspection-enterprise') as HTMLInputElement).value).toBe('华东化工');
    expect((byTestId('inspection-type') as HTMLSelectElement).value).toBe('7');
    expect((byTestId('inspection-inspector') as HTMLInputElement).value).toBe('adminadmin');
    const findings = (byTestId('inspection-findings') as HTMLTextAreaElement).value;
    expect(findings).toContain('DEV-011');
    expect(findings).toContain('减量预警');
    expect(findings).toContain('12.5 kg');
    expect(findings).toContain('共 2 次');
    click(byTestId('inspection-submit'));
    await settle();
    expect(calls.filter((c) => c.path === 'RegularInspections/Create')).toEqual([]);
    typeInto(byTestId('inspection-evaluation'), '2');
    click(byTestId('inspection-submit'));
    await settle();
    const created = calls.filter((c) => c.path === 'RegularInspections/Create').map((c) => c.body);
    expect(created).toEqual([expect.objectContaining({ enterpriseId: 2, inspectionType: 7, evaluation: 2, inspector: 'adminadmin', findings })]);
    expect(byTestId('inspection')).toBeNull();
  });

  it('opens a device’s warning history, newest first, a page at a time', async () => {
    const { calls } = await openConsole([warning({ id: 1, smartequipmentId: 11 })], (request) => (request.path === 'EquipmentWarning/GetAll'
      ? { totalCount: 1, items: [{ id: 1, smartequipmentId: 11, warningType: 1, raisedAt: '2025-03-01T09:00:00', status: 2, closeNote: '已充电' }] }
      : null));
    click(byTestId('warning-device-11:1'));
    await settle();
    const asked = calls.filter((c) => c.path === 'EquipmentWarning/GetAll');
    expect(asked.map((c) => c.query)).toEqual([expect.objectContaining({ smartequipmentId: 11, SkipCount: 0 })]);
    expect(byTestId('history-row-1')!.textContent).toContain('已充电');
  });

  it('shows the loading, error and empty states, and the live connection', async () => {
    let fail = true;
    const bed = monitoringStore((request) => {
      if (request.path !== OPEN_PATH) return null;
      if (fail) throw new Refused('服务器开小差', 500);
      return { items: [], seq: 1 };
    });
    stops.push(bed.stop);
    render(<ConsolePage />, bed.asCrud, createI18n('zh-CN'));
    expect(byTestId('console-loading')).not.toBeNull();
    await settle();
    expect(byTestId('console-error')!.textContent).toContain('服务器开小差');
    expect(byTestId('live-status')!.getAttribute('data-status')).toBe('connected');
    fail = false;
    click(byTestId('console-error')!.querySelector('button'));
    await settle();
    expect(byTestId('console-empty')!.textContent).toContain('没有未关闭的预警');
  });

  it('speaks English when asked, with no raw keys', async () => {
    const bed = monitoringStore((request) => (request.path === OPEN_PATH ? { items: [warning({ id: 1, smartequipmentId: 11, warningType: 5, status: 1, acknowledgedBy: 'admin', acknowledgedAt: '2025-03-01T09:10:00' })], seq: 10 } : null));
    stops.push(bed.stop);
    render(<ConsolePage />, bed.asCrud, createI18n('en-US'));
    await settle();
    click(byTestId('warning-expand-11:5'));
    const text = byTestId('console-page')!.textContent!;
    expect(text).toContain('Displacement');
    expect(text).toContain('Acknowledged by admin at 2025-03-01 09:10');
    expect(text).toContain('Open warnings');
    expect(text).not.toMatch(/monitoring\.|enum\.|resource\.|shell\./);
  });

  it('polls while open and stops when left', async () => {
    const { calls, view } = await openConsole([], () => null, 40);
    const asked = () => calls.filter((c) => c.path === OPEN_PATH).length;
    await act(() => waitFor('three polls', () => asked() >= 3));
    view.unmount();
    const atLeave = asked();
    await settle(120);
    expect(asked()).toBe(atLeave);
  });
});
