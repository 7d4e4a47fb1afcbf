// Attachments: upload methods, download route, the id check attachment fields use, and contract PDF reading.
export { registerFileServices } from './register';
export { mountFileRoutes } from './download';
export { listStoredFiles, unattachableFileIds, type StoredFileDto } from './store';
export { FILE_OWNERS, filesFieldsOf, findFileOwner, type FileOwner } from './owners';
export { guessContractFields, type ContractFields } from './contract-fields';
