// The client half of the one-declaration resource engine: one slice keyed by resource name, one saga factory,
// and the screen derived from a declaration (or from a local view for the server's special resources).
export { crudReducer, crudActions, selectResourceState, selectLookup, lookupKey, initialResourceState, PAGE_SIZES } from './slice';
export { crudSaga, createCrudSaga, type CrudSagaOptions } from './sagas';
export { ResourcePage, recordName, type ResourcePageProps } from './ResourcePage';
export { ResourceTable, type ColumnRenderer, type RowAction, type ResourceTableProps } from './ResourceTable';
export { ResourceForm, type FormSection, type FormSectionContext, type FormMode, type ResourceFormProps } from './ResourceForm';
export { ReferenceSelect } from './ReferenceSelect';
export { buildExportRows, exportColumns, exportFileName, writeWorkbook } from './export';
export { displayText, formatDate, formatDateTime, formatDecimal } from './format';
export { findView, registerView, viewFromResource, STANDARD_METHODS } from './view';
export { useCrudDispatch, useCrudSelector, useCrudTranslation, useLookup, useResourceState } from './hooks';
export { createTranslator } from './translator';
export { describeError, toCrudError } from './api-error';
export type {
  CrudError, CrudRootState, CrudState, EditingState, ExportProgress, FilterValue, LookupItem, LookupState,
  ResourceState, ResourceView, SortState, Translate,
} from './types';
