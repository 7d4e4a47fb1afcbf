// Attachments: upload methods, download route, the id check attachment fields use, and contract PDF reading.
export { registerFileServices } from './register';
export { mountFileRoutes } from './download';
export { checkFileIds, listStoredFiles, type StoredFileDto } from './store';
export { FILE_OWNERS, findFileOwner, type FileOwner } from './owners';
export { guessContractFields, type ContractFields } from './contract-fields';
