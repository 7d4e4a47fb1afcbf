// Contracts: the generic screen with a status filter, voiding and a PDF reader that fills the dialog.
export { default as ContractsPage } from './ContractsPage';
export { contractView } from './contractView';
export { watchContracts } from './contractsSaga';
export { contractsSlice, initialContractsState, type ContractsState } from './contractsSlice';
