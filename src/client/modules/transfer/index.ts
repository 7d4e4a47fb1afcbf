// Transfer orders (electronic manifests): two lists, the order dialog, the drawer with its moves, the printout.
export { default as TransferOrderPage, TransferReceptionPage, TransferPage } from './TransferPage';
export { watchTransfer } from './transferSaga';
export { transferReducer, initialTransferState, type TransferState } from './transferSlice';
