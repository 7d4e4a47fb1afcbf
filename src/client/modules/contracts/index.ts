// Contracts: the generic screen with a status filter, voiding and a PDF reader that fills the dialog.
export { useContractsScreen } from './contractsScreen';
export { contractView } from './contractView';
