import type { Action, Reducer } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { crudActions } from '../../crud/slice';
import { initI18n } from '../../i18n';
import { abpError } from '../../crud/test-support';
import { liveEventsApplied, storageSnapshotLoaded, warningsSnapshotLoaded } from '../../realtime/liveActions';
import { selectStorageWeights } from '../../realtime/liveSelectors';
import type { VisibilitySource } from '../../realtime/polling';
import { showToast } from '../../util/toaster';
import {
  correctWeight, createInspection, fetchOpenWarnings, fetchStorageFinal, fetchStoragePoint, regenerateDeviceKey, updateWarningStatus,
} from './api';
import { createdDeviceKeySaga } from './deviceSaga';
import {
  consoleScreenLeft, consoleScreenShown, createMonitoringWatcher, storageScreenLeft, storageScreenShown,
} from './monitoringSaga';
import { monitoringActions as A } from './monitoringSlice';
import { selectConsoleWarnings } from './selectors';
import { correctWeightSaga, fetchStorageSaga, reloadForNewPointSaga } from './storageSaga';
import { loggedInState, push, storagePoint, testReducer, warning, warningPayload, event, type TestState } from './test-support';
import { INSPECTION_HAZARDOUS_WASTE } from './types';
import { createInspectionSaga, fetchWarningsSaga, warningStatusSaga } from './warningSaga';
import { STOP_SAGA, STOPPABLE_RUN_MS, stoppable } from '../../../../test/support/stoppable-saga';
import { sleep, waitFor } from '../../../../test/support/wait';

beforeAll(() => {
  // Sagas translate with the application's i18next: the messages are checked in Chinese.
  initI18n('zh-CN');
});


/** The reducer, and the state it held when each API function was called (what the clerk saw meanwhile). */
function harness() {
  let latest: TestState | undefined;
  const reducer = ((state: TestState | undefined, action: Action) => {
    latest = testReducer(state, action);
    return latest;
  }) as Reducer<TestState>;
  return { reducer, latest: () => latest! };
}

type Answer = (...args: unknown[]) => unknown;

/** Answers the module's API functions with `answers` (by function), records calls with the state seen then. */
function fakeApi(answers: Map<unknown, Answer>, seen?: () => TestState) {
  const calls: { fn: string; args: unknown[]; state?: TestState }[] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === showToast) {
        calls.push({ fn: 'showToast', args: effect.args });
        return undefined;
      }
      const answer = answers.get(effect.fn);
      if (!answer) return next();
      calls.push({ fn: (effect.fn as { name: string }).name, args: effect.args, state: seen?.() });
      return answer(...effect.args);
    },
  };
  return { calls, providers };
}

/** A state whose live log holds warning 5 (open, seq 50) as the console's snapshot put it there. */
function withOpenWarning(): TestState {
  let state = loggedInState();
  state = testReducer(state, warningsSnapshotLoaded({ items: [warning({ id: 5 })], seq: 50, complete: true }));
  return testReducer(state, A.warningsLoaded([warning({ id: 5 })]));
}

describe('acknowledge and close', () => {
  it('show the acknowledgement at once and roll it back when the server refuses (400)', async () => {
    const { reducer, latest } = harness();
    const api = fakeApi(new Map<unknown, Answer>([[updateWarningStatus, () => { throw abpError(400, '状态不允许'); }]]), latest);
    const result = await expectSaga(warningStatusSaga, A.warningStatusRequested({ id: 5, status: 1, note: '已通知', from: 'console' }))
      .withReducer(reducer, withOpenWarning())
      .provide(api.providers)
      .put(A.warningStatusStarted({ id: 5, status: 1, baseSeq: 50 }))
      .run();
    const update = api.calls.find((c) => c.fn === 'updateWarningStatus')!;
    expect(update.args).toEqual([{ id: 5, status: 1, note: '已通知' }]);
    // While the call ran the console already showed it acknowledged, marked pending.
    expect(selectConsoleWarnings(update.state!).map((w) => [w.id, w.status, w.pending])).toEqual([[5, 1, true]]);
    const final = result.storeState as TestState;
    expect(final.monitoring.overrides).toEqual({});
    expect(selectConsoleWarnings(final).map((w) => [w.id, w.status, w.pending])).toEqual([[5, 0, false]]);
    expect(result.effects.put?.map((e) => (e.payload.action as Action).type)).toContain(A.warningStatusFailed.type);
    const toast = api.calls.find((c) => c.fn === 'showToast')!;
    expect(toast.args[1]).toBe('danger');
    expect(String(toast.args[0])).toContain('状态不允许');
  });

  it('drop a closed warning at once, keep it dropped with the server’s answer, and reload the list screen it came from', async () => {
    const { reducer, latest } = harness();
    const closed = warningPayload({ id: 5, status: 2, closedBy: 'admin', closedAt: '2025-03-01T10:00:00', closeNote: '已清运' });
    const api = fakeApi(new Map<unknown, Answer>([[updateWarningStatus, () => closed]]), latest);
    const result = await expectSaga(warningStatusSaga, A.warningStatusRequested({ id: 5, status: 2, note: '已清运', from: 'list' }))
      .withReducer(reducer, withOpenWarning())
      .provide(api.providers)
      .put(warningsSnapshotLoaded({ items: [closed], seq: 51 }))
      .put(A.warningStatusSucceeded({ id: 5 }))
      .put(crudActions.listRequested({ resource: 'EquipmentWarning' }))
      .run();
    expect(selectConsoleWarnings(api.calls[0].state!)).toEqual([]);
    const final = result.storeState as TestState;
    expect(selectConsoleWarnings(final)).toEqual([]);
    // The answer, not the clerk's overlay, is what hides it now.
    expect(selectConsoleWarnings({ ...final, monitoring: { ...final.monitoring, overrides: {} } })).toEqual([]);
    // An older "open" event arriving late cannot bring it back.
    const late = testReducer(final, { type: 'live/eventsReceived', payload: [{ ...event('warning.updated', warningPayload({ id: 5 })), seq: 49 }] });
    expect(selectConsoleWarnings(late)).toEqual([]);
  });

  it('forget a settled change once the server’s own event for the warning arrived', () => {
    let state = withOpenWarning();
    state = testReducer(state, A.warningStatusStarted({ id: 5, status: 1, baseSeq: 50 }));
    state = testReducer(state, A.warningStatusSucceeded({ id: 5 }));
    expect(state.monitoring.overrides[5]).toEqual({ status: 1, baseSeq: 50, settled: true });
    const store = { state, dispatch(action: unknown) { this.state = testReducer(this.state, action as Action); } };
    push(store, event('warning.updated', warningPayload({ id: 5, status: 1, acknowledgedBy: 'admin' })));
    expect(store.state.monitoring.overrides).toEqual({});
    expect(selectConsoleWarnings(store.state).map((w) => [w.id, w.status, w.acknowledgedBy])).toEqual([[5, 1, 'admin']]);
  });
});

describe('create inspection', () => {
  const input = {
    enterpriseId: 2, inspectionType: INSPECTION_HAZARDOUS_WASTE, evaluation: 1, inspectionDate: '2025-03-01', inspector: 'admin',
    findings: '设备 DEV-011 电量预警', rectificationDeadline: null,
  };

  it('posts the inspection, closes the dialog and says so', async () => {
    const api = fakeApi(new Map<unknown, Answer>([[createInspection, () => ({ id: 90 })]]));
    const opened = testReducer(loggedInState(), A.inspectionOpened({ warningId: 5 }));
    const result = await expectSaga(createInspectionSaga, A.inspectionRequested({ input }))
      .withReducer(testReducer, testReducer(opened, A.inspectionRequested({ input })))
      .provide(api.providers)
      .put(A.inspectionSaved())
      .run();
    expect(api.calls.map((c) => c.fn)).toEqual(['createInspection', 'showToast']);
    expect(api.calls[0].args).toEqual([input]);
    expect((result.storeState as TestState).monitoring.inspection).toBeNull();
  });

  it('keeps the dialog open with the server’s field messages when refused', async () => {
    const refusal = abpError(400, '输入有误', [{ message: '评价不能为空', members: ['evaluation'] }]);
    const api = fakeApi(new Map<unknown, Answer>([[createInspection, () => { throw refusal; }]]));
    const opened = testReducer(testReducer(loggedInState(), A.inspectionOpened({ warningId: 5 })), A.inspectionRequested({ input }));
    const result = await expectSaga(createInspectionSaga, A.inspectionRequested({ input }))
      .withReducer(testReducer, opened)
      .provide(api.providers)
      .run();
    const dialog = (result.storeState as TestState).monitoring.inspection;
    expect(dialog).toMatchObject({ warningId: 5, saving: false, error: { status: 400, validationErrors: [{ message: '评价不能为空', members: ['evaluation'] }] } });
    expect(api.calls.map((c) => c.fn)).toEqual(['createInspection']);
  });
});

describe('storage', () => {
  it('puts the final data into the live store as a complete snapshot at the server’s head, keeping the names here', async () => {
    const rows = [storagePoint(), storagePoint({ id: 22, smartequipmentId: 12, serialNumber: 'DEV-012', currentWeight: 10 })];
    const api = fakeApi(new Map<unknown, Answer>([[fetchStorageFinal, () => ({ items: rows, seq: 77 })]]));
    const result = await expectSaga(fetchStorageSaga)
      .withReducer(testReducer, loggedInState())
      .provide(api.providers)
      .put(storageSnapshotLoaded({
        items: rows.map((r) => ({ storageId: r.id, deviceId: r.smartequipmentId, enterpriseId: r.enterpriseId, currentWeight: r.currentWeight, capacity: r.capacity, fillRatio: r.fillRatio, lastChangeTime: r.lastChangeTime! })),
        seq: 77, complete: true,
      }))
      .run();
    const state = result.storeState as TestState;
    expect(Object.keys(selectStorageWeights(state))).toEqual(['21', '22']);
    expect(state.monitoring.storage.rows.map((r) => r.serialNumber)).toEqual(['DEV-011', 'DEV-012']);
    expect(state.monitoring.enterpriseNames).toEqual({ 2: '华东化工' });
  });

  it('reads the final data again when a weight arrives for a point the table has never listed, and only then', async () => {
    const loaded = testReducer(loggedInState(), A.storageLoaded([storagePoint()]));
    const weight = (storageId: number) => event('storage.weight', { storageId, deviceId: 11, enterpriseId: 2, currentWeight: 5, capacity: 300, fillRatio: 0.02, delta: 5, lastChangeTime: '2025-03-01T10:00:00', reason: 'reading' });
    await expectSaga(reloadForNewPointSaga, liveEventsApplied([weight(21)])).withState(loaded).not.put(A.storageReloadRequested()).run();
    await expectSaga(reloadForNewPointSaga, liveEventsApplied([weight(21), weight(99)])).withState(loaded).put(A.storageReloadRequested()).run();
    // Nothing to compare with before the table first loaded.
    await expectSaga(reloadForNewPointSaga, liveEventsApplied([weight(99)])).withState(loggedInState()).not.put(A.storageReloadRequested()).run();
  });

  it('corrects a weight, then reads the final data again; a refusal stays in the dialog', async () => {
    const input = { id: 21, currentWeight: 1000, reason: '人工清运后校准' };
    const ok = fakeApi(new Map<unknown, Answer>([[correctWeight, () => storagePoint({ currentWeight: 1000 })], [fetchStorageFinal, () => ({ items: [], seq: 1 })]]));
    const opened = testReducer(loggedInState(), A.correctionOpened({ storageId: 21 }));
    const done = await expectSaga(correctWeightSaga, A.correctionRequested(input))
      .withReducer(testReducer, testReducer(opened, A.correctionRequested(input)))
      .provide(ok.providers)
      .put(A.correctionSaved())
      .run();
    expect(ok.calls.map((c) => c.fn)).toEqual(['correctWeight', 'showToast', 'fetchStorageFinal']);
    expect(ok.calls[0].args).toEqual([input]);
    expect((done.storeState as TestState).monitoring.correction).toBeNull();

    const refused = fakeApi(new Map<unknown, Answer>([[correctWeight, () => { throw abpError(400, '请填写修正原因', [{ message: '请填写修正原因', members: ['reason'] }]); }]]));
    const failed = await expectSaga(correctWeightSaga, A.correctionRequested(input))
      .withReducer(testReducer, testReducer(opened, A.correctionRequested(input)))
      .provide(refused.providers)
      .run();
    expect((failed.storeState as TestState).monitoring.correction).toMatchObject({ storageId: 21, saving: false, error: { status: 400 } });
    expect(refused.calls.map((c) => c.fn)).toEqual(['correctWeight']);
  });
});

describe('polling', () => {
  it('refreshes the storage screen while it is shown, and stops when it is left', async () => {
    let fetched = 0;
    const watch = createMonitoringWatcher({ storageIntervalMs: 40, consoleIntervalMs: 40, visibility: null });
    const api = fakeApi(new Map<unknown, Answer>([[fetchStorageFinal, () => { fetched += 1; return { items: [], seq: 1 }; }]]));
    const saga = expectSaga(stoppable(watch)).withReducer(testReducer, loggedInState()).provide(api.providers);
    const done = saga.silentRun(STOPPABLE_RUN_MS);
    await sleep(30);
    expect(fetched).toBe(0);
    saga.dispatch(storageScreenShown());
    // At once, then every 40 ms.
    await waitFor('three fetches', () => fetched >= 3);
    saga.dispatch(storageScreenLeft());
    const atLeave = fetched;
    await sleep(120);
    expect(fetched).toBe(atLeave);
    saga.dispatch(STOP_SAGA);
    await done;
  });

  it('polls the console on its own key, and not while the page is hidden', async () => {
    const listeners = new Set<() => void>();
    const page = {
      visibilityState: 'hidden',
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    const source = page as unknown as VisibilitySource;
    let warnings = 0;
    let storage = 0;
    const watch = createMonitoringWatcher({ storageIntervalMs: 40, consoleIntervalMs: 40, visibility: source });
    const api = fakeApi(new Map<unknown, Answer>([
      [fetchOpenWarnings, () => { warnings += 1; return { items: [], seq: 1 }; }],
      [fetchStorageFinal, () => { storage += 1; return { items: [], seq: 1 }; }],
    ]));
    const saga = expectSaga(watch).withReducer(testReducer, loggedInState()).provide(api.providers);
    const done = saga.silentRun(400);
    saga.dispatch(consoleScreenShown());
    await sleep(80);
    expect(warnings).toBe(0);
    page.visibilityState = 'visible';
    for (const listener of listeners) listener();
    await sleep(60);
    expect(warnings).toBeGreaterThanOrEqual(1);
    expect(storage).toBe(0);
    saga.dispatch(consoleScreenLeft());
    const atLeave = warnings;
    await sleep(100);
    expect(warnings).toBe(atLeave);
    await done;
  });

  it('fills the console from GetOpenWarnings as a complete snapshot with the names', async () => {
    const api = fakeApi(new Map<unknown, Answer>([[fetchOpenWarnings, () => ({ items: [warning({ id: 3, warningType: 4 }), warning({ id: 4 })], seq: 60 })]]));
    const result = await expectSaga(fetchWarningsSaga).withReducer(testReducer, loggedInState()).provide(api.providers).run();
    const state = result.storeState as TestState;
    expect(state.monitoring.warnings.status).toBe('loaded');
    expect(selectConsoleWarnings(state).map((w) => [w.id, w.enterpriseName, w.storagePlace])).toEqual([[3, '华东化工', '危废仓库A'], [4, '华东化工', '危废仓库A']]);
  });
});

describe('device keys', () => {
  it('shows the key a create answered with, once, for smart equipment only', async () => {
    const created = crudActions.saveSucceeded({ resource: 'Smartequipment', result: { id: 9, serialNumber: 'DEV-009', deviceKey: 'k-123' } });
    await expectSaga(createdDeviceKeySaga, created).put(A.deviceKeyShown({ serialNumber: 'DEV-009', key: 'k-123', kind: 'created' })).run();
    const other = crudActions.saveSucceeded({ resource: 'Equipmentmodel', result: { id: 9, deviceKey: 'k-123' } });
    const result = await expectSaga(createdDeviceKeySaga, other).run();
    expect(result.effects.put).toBeUndefined();
  });

  it('shows a regenerated key, or says why not', async () => {
    const watch = createMonitoringWatcher({ visibility: null });
    const ok = fakeApi(new Map<unknown, Answer>([[regenerateDeviceKey, () => ({ deviceKey: 'new-key' })]]));
    const shown = await expectSaga(watch).withReducer(testReducer, loggedInState()).provide(ok.providers)
      .dispatch(A.regenerateKeyRequested({ id: 9, serialNumber: 'DEV-009' })).silentRun(50);
    expect((shown.storeState as TestState).monitoring.deviceKey).toEqual({ serialNumber: 'DEV-009', key: 'new-key', kind: 'regenerated' });
    expect(ok.calls[0].args).toEqual([9]);

    const refused = fakeApi(new Map<unknown, Answer>([[regenerateDeviceKey, () => { throw abpError(403, '无权访问'); }]]));
    const failed = await expectSaga(watch).withReducer(testReducer, loggedInState()).provide(refused.providers)
      .dispatch(A.regenerateKeyRequested({ id: 9, serialNumber: 'DEV-009' })).silentRun(50);
    expect((failed.storeState as TestState).monitoring.deviceKey).toBeNull();
    expect(String(refused.calls.find((c) => c.fn === 'showToast')!.args[0])).toContain('无权访问');
  });
});

it('loads one point’s 24 hours tagged with the server’s head', async () => {
  const detail = { ...storagePoint(), series: [{ at: '2025-03-01T08:00:00', weight: 1000, max: 1000, min: 1000, count: 1 }], corrections: [], seq: 88 };
  const api = fakeApi(new Map<unknown, Answer>([[fetchStoragePoint, () => detail]]));
  const watch = createMonitoringWatcher({ visibility: null });
  const result = await expectSaga(watch).withReducer(testReducer, loggedInState()).provide(api.providers)
    .dispatch(A.pointRequested({ id: 21 })).silentRun(50);
  expect(api.calls[0].args).toEqual([21]);
  expect((result.storeState as TestState).monitoring.point).toMatchObject({ id: 21, status: 'loaded', seq: 88, detail: { series: detail.series } });
});
