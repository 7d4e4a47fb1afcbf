// The client half of the one-declaration resource engine: one slice keyed by screen (a resource, or a variant of its
// screen such as a segment), one saga factory, and the screen derived from a declaration (or from a local view for
// the server's special resources), with extensions registered by resource name.
export {
  crudReducer, crudActions, selectResourceState, selectLookup, selectUploads, lookupKey, initialResourceState, PAGE_SIZES,
} from './slice';
export { crudSaga, createCrudSaga, type CrudSagaOptions } from './sagas';
export { ResourcePage, recordName, type ResourcePageProps } from './ResourcePage';
export { ResourceTable, type ColumnRenderer, type RowAction, type ResourceTableProps } from './ResourceTable';
export { ResourceForm, type FormSection, type FormSectionContext, type FormMode, type ResourceFormProps } from './ResourceForm';
export { ReferenceSelect } from './ReferenceSelect';
export { ReferenceMultiSelect } from './ReferenceMultiSelect';
export { FilesEditor } from './FilesEditor';
export { ResourcePager } from './ResourcePager';
export {
  type ScreenExtension, type ScreenExtensionContext, type ScreenExtensionParts,
} from './extensions';
export { createUploadChannel, fetchFileBlob, fileInfosOf, formatFileSize, holdFile, saveBlob, takeHeldFile } from './files';
export { buildExportRows, exportColumns, exportFileName, writeWorkbook } from './export';
export { displayText, enumLabel, enumValuesOf, formatDate, formatDateTime, formatDecimal, MULTI_SEPARATOR } from './format';
export { idsOf, isEmpty, type FormValues } from './form-values';
export {
  baseResourceOf, findView, fixedValues, listFieldNames, registerView, screenKey, serviceOf, viewFromResource, STANDARD_METHODS,
} from './view';
export { useCrudDispatch, useCrudSelector, useCrudTranslation, useLookup, useResourceState } from './hooks';
export { createTranslator } from './translator';
export { describeError, toCrudError } from './api-error';
export type {
  CrudError, CrudRootState, CrudState, DownloadState, EditingState, ExportProgress, FilterValue, LookupItem, LookupState,
  PendingCommand, ResourceState, ResourceView, RowCommand, SortState, Translate, UploadState,
} from './types';
