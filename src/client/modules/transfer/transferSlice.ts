import { combineReducers, createSelector } from '@reduxjs/toolkit';
import { selectResourceState } from '../../crud/slice';
import type { CrudRootState } from '../../crud/types';
import { orderFormSlice, type FormSlot } from './orderFormSlice';
import { ordersSlice, type OrdersState } from './ordersSlice';
import type { TransferOrderDto } from './types';

/** The store mounts this at `transfer`: the orders (detail, moves, lists on screen) and the order dialog. */
export const transferReducer = combineReducers({ orders: ordersSlice.reducer, form: orderFormSlice.reducer });

export interface TransferState {
  orders: OrdersState;
  form: FormSlot;
}

export const initialTransferState: TransferState = { orders: ordersSlice.getInitialState(), form: null };

/** The part of the application state this module reads. */
export interface TransferRootState extends CrudRootState {
  transfer: TransferState;
}

export const selectOrders = (state: TransferRootState) => state.transfer.orders;
export const selectForm = (state: TransferRootState) => state.transfer.form;
export const selectMe = (state: TransferRootState) => state.transfer.orders.me;

/**
 * The rows of a list as the screen shows them: the list's page with the screen's newer copies laid over it (a move
 * under way, a move's answer), and without the orders whose deletion is under way.
 */
export const selectListRows = createSelector(
  [(state: TransferRootState, key: string) => selectResourceState(state, key).items, (state: TransferRootState) => state.transfer.orders.rows,
    (state: TransferRootState) => state.transfer.orders.pending],
  (items, rows, pending): TransferOrderDto[] => items
    .filter((item) => pending[item.id]?.action !== 'delete')
    .map((item) => rows[item.id] ?? (item as TransferOrderDto)),
);
