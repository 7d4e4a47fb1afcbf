/** @jest-environment jsdom */
import { act } from 'react';
import { Classes } from '@blueprintjs/core';
import type { DeviceStatePayload } from '../../../shared/live/events';
import ResourceRoute from '../../app/ResourceRoute';
import { crudActions as A } from '../../crud/slice';
import { byTestId, click, createI18n, mockStore, render, screenTestSetup, typeInto } from '../../crud/test-support-render';
import { initialResourceState } from '../../crud/slice';
import type { CrudRootState, ResourceState } from '../../crud/types';
import { liveEventsReceived } from '../../realtime/liveActions';
import { monitoringActions as M, type DeviceKeyState } from './monitoringSlice';
import { event, loggedInState, testReducer, type TestState } from './test-support';
import { liveStreamsOpened } from '../../realtime/liveStreams';

screenTestSetup();

function show(resource: string, list: Partial<ResourceState>, tweak: (state: TestState) => TestState = (s) => s) {
  const base = tweak(loggedInState());
  const state: TestState = {
    ...base,
    crud: { ...base.crud, byResource: { [resource]: { ...initialResourceState, loaded: true, ...list } } },
  };
  const mock = mockStore(state as unknown as CrudRootState);
  render(<ResourceRoute resource={resource} />, mock.store, createI18n('zh-CN'));
  // What the screen asks on mount (its lists, its live streams) is left out: the tests look at what the user asks.
  const onMount = (a: { type: string }) => a.type === A.lookupRequested.type || a.type === A.listRequested.type || liveStreamsOpened.match(a);
  return { dispatched: () => mock.dispatched.filter((a) => !onMount(a)), streams: () => mock.dispatched.filter(liveStreamsOpened.match) };
}

const hidden = (id: string) => byTestId(id) === null;

describe('equipment models', () => {
  it('disable a model in use and enable a disabled one, after a confirmation', () => {
    const { dispatched } = show('Equipmentmodel', {
      items: [{ id: 1, name: 'ZN-500', status: 0, capacity: 500 }, { id: 2, name: 'ZN-1000', status: 1, capacity: 1000 }], totalCount: 2,
    });
    expect([hidden('row-disable-1'), hidden('row-enable-1'), hidden('row-disable-2'), hidden('row-enable-2')]).toEqual([false, true, true, false]);
    click(byTestId('row-disable-1'));
    expect(dispatched()).toEqual([A.commandAsked({
      resource: 'Equipmentmodel',
      command: { method: 'UpdateStatus', verb: 'PUT', body: { id: 1, status: 1 } },
      message: '确定要停用型号“ZN-500”吗？停用后新设备不能再选择该型号。',
    })]);
    click(byTestId('row-enable-2'));
    expect(dispatched()[1]).toMatchObject({ payload: { command: { body: { id: 2, status: 0 } } } });
    expect(byTestId('model-status-2')!.textContent).toBe('停用');
  });
});

describe('smart equipment', () => {
  const DEVICES = [
    { id: 11, serialNumber: 'DEV-011', enterpriseId: 2, hazardouswasteInformationId: 31, onlineState: 1, runningState: 0, lastHeartbeat: '2025-03-01T08:00:00' },
    { id: 12, serialNumber: 'DEV-012', enterpriseId: 2, hazardouswasteInformationId: null, onlineState: 1, runningState: 1, lastHeartbeat: null },
  ];
  const online11 = (state: TestState) => testReducer(state, liveEventsReceived([event<DeviceStatePayload>('device.state', {
    deviceId: 11, serialNumber: 'DEV-011', enterpriseId: 2, onlineState: 0, runningState: 1, lastHeartbeat: '2025-03-01T10:15:00',
  })]));

  it('show online and running state as the live log has them, the list row until an event came', () => {
    const { streams } = show('Smartequipment', { items: DEVICES, totalCount: 2 }, online11);
    expect(streams()).toEqual([liveStreamsOpened(['devices'])]);
    expect(byTestId('online-11')!.textContent).toBe('在线');
    expect(byTestId('online-11')!.className).toContain(Classes.INTENT_SUCCESS);
    expect(byTestId('running-11')!.textContent).toBe('预警');
    expect(byTestId('online-12')!.textContent).toBe('离线');
    expect(byTestId('online-12')!.className).toContain(Classes.INTENT_DANGER);
    expect(byTestId('resource-table')!.textContent).toContain('2025-03-01 10:15');
  });

  it('unbind a bound device after a confirmation', () => {
    const { dispatched } = show('Smartequipment', { items: DEVICES, totalCount: 2 });
    expect(hidden('row-unbind-12')).toBe(true);
    click(byTestId('row-unbind-11'));
    expect(dispatched()).toEqual([A.commandAsked({
      resource: 'Smartequipment',
      command: { method: 'Updateunbind', verb: 'PUT', body: { id: 11 } },
      message: '确定要解绑设备“DEV-011”吗？其贮存点将结束并保留为历史记录。',
    })]);
  });

  it('regenerate a key only once confirmed', async () => {
    const { dispatched } = show('Smartequipment', { items: DEVICES, totalCount: 2 });
    click(byTestId('row-regenerate-12'));
    expect(byTestId('regenerate-question')!.textContent).toContain('DEV-012');
    const buttons = () => [...document.querySelectorAll(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}`)] as HTMLButtonElement[];
    click(buttons().find((b) => b.textContent === '取消')!);
    expect(dispatched()).toEqual([]);
    click(byTestId('row-regenerate-12'));
    click(buttons().find((b) => b.textContent === '重置密钥')!);
    expect(dispatched()).toEqual([M.regenerateKeyRequested({ id: 12, serialNumber: 'DEV-012' })]);
  });

  it('show a device key once, with a copy button', async () => {
    const key: DeviceKeyState = { serialNumber: 'DEV-013', key: 'dk_4f9a2c', kind: 'created' };
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    const { dispatched } = show('Smartequipment', { items: DEVICES, totalCount: 2 }, (s) => testReducer(s, M.deviceKeyShown(key)));
    expect((byTestId('device-key-value') as HTMLInputElement).value).toBe('dk_4f9a2c');
    expect(document.body.textContent).toContain('设备“DEV-013”已创建');
    expect(document.body.textContent).toContain('只显示这一次');
    await act(async () => {
      byTestId('device-key-copy')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(writeText).toHaveBeenCalledWith('dk_4f9a2c');
    expect(byTestId('device-key-copy')!.textContent).toBe('已复制');
    click(byTestId('device-key-close'));
    expect(dispatched()).toEqual([M.deviceKeyClosed()]);
  });
});

describe('equipment warnings', () => {
  const WARNINGS = [
    { id: 1, smartequipmentId: 11, smartequipmentName: 'DEV-011', warningType: 4, status: 0, raisedAt: '2025-03-01T09:00:00' },
    { id: 2, smartequipmentId: 11, smartequipmentName: 'DEV-011', warningType: 1, status: 1, raisedAt: '2025-03-01T08:00:00' },
    { id: 3, smartequipmentId: 12, smartequipmentName: 'DEV-012', warningType: 7, status: 2, raisedAt: '2025-03-01T07:00:00' },
  ];

  it('offer acknowledge on open warnings and close on any not closed', () => {
    show('EquipmentWarning', { items: WARNINGS, totalCount: 3 });
    expect([1, 2, 3].map((id) => [hidden(`row-acknowledge-${id}`), hidden(`row-close-${id}`)])).toEqual([[false, false], [true, false], [true, true]]);
  });

  it('close with a required note (Enter submits), acknowledge with an optional one', () => {
    const { dispatched } = show('EquipmentWarning', { items: WARNINGS, totalCount: 3 });
    click(byTestId('row-close-1'));
    expect(byTestId('warning-note-subject')!.textContent).toBe('减量预警 · 设备 DEV-011');
    click(byTestId('warning-note-submit'));
    expect(dispatched()).toEqual([]);
    expect(byTestId('warning-note')!.textContent).toContain('请填写处理说明');
    typeInto(byTestId('warning-note-input'), '现场核实，已补录转移联单');
    act(() => {
      byTestId('warning-note-input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(dispatched()).toEqual([M.warningStatusRequested({ id: 1, status: 2, note: '现场核实，已补录转移联单', from: 'list' })]);

    click(byTestId('row-acknowledge-1'));
    // Shift+Enter is a new line, not a submit.
    act(() => {
      byTestId('warning-note-input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true, cancelable: true }));
    });
    expect(dispatched()).toHaveLength(1);
    click(byTestId('warning-note-submit'));
    expect(dispatched()[1]).toEqual(M.warningStatusRequested({ id: 1, status: 1, note: '', from: 'list' }));
  });
});
