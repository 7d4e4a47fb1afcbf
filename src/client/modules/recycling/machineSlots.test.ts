import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import type { ExchangeSlotsPayload, LiveEvent } from '../../../shared/live/events';
import { callApi } from '../../api/http';
import { crudActions as A } from '../../crud/slice';
import { liveEventsApplied } from '../../realtime/liveActions';
import { showToast } from '../../util/toaster';
import {
  initialMachineSlotsState, LOAD_PATH, machineSlotsActions as S, machineSlotsSlice, SLOTS_PATH, UNLOAD_PATH, watchMachineSlots,
  type MachineGrid, type MachineSlotsState,
} from './machineSlots';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];
type State = { machineSlots: MachineSlotsState };
const reducer = combineReducers({ machineSlots: machineSlotsSlice.reducer });

const slot = (slotNo: number, quantity: number, held = 0) => ({ slotNo, goodsId: quantity > 0 ? 5 : null, goodsName: quantity > 0 ? '洗衣液' : null, pointsPrice: quantity > 0 ? 30 : null, quantity, held, capacity: 10 });
const grid = (machineId: number, quantity: number, held = 0): MachineGrid => ({ machineId, itemsLeft: quantity, slots: [slot(1, quantity, held), slot(2, 0)], holds: [] });
const slotsEvent = (seq: number, payload: ExchangeSlotsPayload): LiveEvent => ({ seq, type: 'exchange.slots', at: '2026-11-27T10:00:00', enterpriseIds: null, payload });

const answering = (answer: (args: ApiCall) => unknown): EffectProviders => ({
  call(effect, next) {
    if (effect.fn === showToast) return undefined;
    return effect.fn === callApi ? answer(effect.args as ApiCall) : next();
  },
});

const opened = (machineId: number): State => ({ machineSlots: machineSlotsSlice.reducer(initialMachineSlotsState, S.slotsOpened(machineId)) });

describe('a machine’s slot grid', () => {
  it('loads the open machine’s grid, and follows its live events, not another machine’s', async () => {
    const calls: ApiCall[] = [];
    const { storeState } = await expectSaga(watchMachineSlots)
      .withReducer(reducer, opened(7))
      .provide(answering((args) => {
        calls.push(args);
        return grid(7, 5);
      }))
      // The answers come at once, so each dispatch is handled before the next: no waiting on the clock.
      .dispatch(S.slotsOpened(7))
      .dispatch(liveEventsApplied([slotsEvent(1, { machineId: 8, itemsLeft: 0, slots: [] })]))
      .dispatch(liveEventsApplied([slotsEvent(2, { machineId: 7, itemsLeft: 5, slots: [slot(1, 5, 1), slot(2, 0)] })]))
      .silentRun(30);
    expect(calls.map((c) => c.slice(0, 3))).toEqual([['GET', SLOTS_PATH, { id: 7 }], ['GET', SLOTS_PATH, { id: 7 }]]);
    expect((storeState as State).machineSlots.grid?.slots[0]).toMatchObject({ quantity: 5 });
  });

  it('shows an event’s grid at once, before the holds are fetched again', () => {
    const loaded = machineSlotsSlice.reducer(opened(7).machineSlots, S.slotsLoaded(grid(7, 5)));
    const moved = machineSlotsSlice.reducer(loaded, S.slotsChanged({ machineId: 7, itemsLeft: 4, slots: [slot(1, 4), slot(2, 0)] }));
    expect(moved.grid).toMatchObject({ itemsLeft: 4, slots: [expect.objectContaining({ quantity: 4 }), expect.anything()] });
    expect(machineSlotsSlice.reducer(moved, S.slotsChanged({ machineId: 9, itemsLeft: 0, slots: [] }))).toBe(moved);
    expect(machineSlotsSlice.reducer(moved, S.slotsLoaded(grid(9, 1)))).toBe(moved);
  });

  it('loads and unloads a slot, closing the dialog on success and refreshing the machines’ list', async () => {
    const calls: ApiCall[] = [];
    const result = await expectSaga(watchMachineSlots)
      .withReducer(reducer, { machineSlots: machineSlotsSlice.reducer(opened(7).machineSlots, S.slotsLoaded(grid(7, 0))) })
      .provide(answering((args) => {
        calls.push(args);
        return grid(7, args[1] === LOAD_PATH ? 3 : 1);
      }))
      .dispatch(S.commandRequested({ kind: 'load', slotNo: 1, goodsId: 5, quantity: 3 }))
      .put(A.listRequested({ resource: 'BHgoodsExchange' }))
      .delay(10)
      .dispatch(S.commandRequested({ kind: 'unload', slotNo: 1, quantity: null }))
      .silentRun(30);
    expect(calls).toEqual([
      ['POST', LOAD_PATH, { id: 7, slotNo: 1, goodsId: 5, quantity: 3 }, { silent: true }],
      ['GET', UNLOAD_PATH, { id: 7, slotNo: 1 }, { silent: true }],
    ]);
    const state = (result.storeState as State).machineSlots;
    expect(state).toMatchObject({ running: false, commandError: null, commandsDone: 2 });
    expect(state.grid?.itemsLeft).toBe(1);
  });

  it('keeps a refusal in the open dialog', async () => {
    const refusal = Object.assign(new Error('货道容量不足'), { response: { status: 400, data: { error: { message: '货道容量不足，最多还能放 2 件' } } } });
    const { storeState } = await expectSaga(watchMachineSlots)
      .withReducer(reducer, opened(7))
      .provide(answering((args) => {
        if (args[1] === LOAD_PATH) throw refusal;
        return grid(7, 8);
      }))
      .dispatch(S.commandRequested({ kind: 'load', slotNo: 1, goodsId: 5, quantity: 9 }))
      .silentRun(30);
    const state = (storeState as State).machineSlots;
    expect(state).toMatchObject({ running: false, commandsDone: 0 });
    expect(state.commandError).not.toBeNull();
  });
});
