import type { EntityDto, FieldDef, FileInfo, Label, LookupDeclaration } from '../../shared/resource-kit';

/** The five standard calls plus the edit-time read; each is a method name under `/api/services/app/<name>/`. */
export interface CrudMethods {
  getAll: string;
  get: string;
  create: string;
  update: string;
  delete: string;
}

/**
 * What the generic screen and sagas need to know about a resource. Declared resources derive it from their
 * declaration (`viewFromResource`); the special server resources (User, Role, Tenant) describe themselves locally
 * with the same `FieldDef` shapes.
 */
export interface ResourceView {
  /**
   * Slice key of the screen. For a declared resource or a local view it is also the service name in the API path;
   * a variant of a screen (`EnterpriseInformation@enterpriseinformation_cp`) keeps its own list state and names the
   * service in `service`.
   */
  name: string;
  /** Service name in the API path when it differs from `name` (variants of a screen). */
  service?: string;
  /**
   * Query parameters every list and export of this screen sends, whatever the clerk filters (a segment's
   * `corporateType`). Their toolbar controls are not shown, so they cannot be removed.
   */
  fixedFilters?: Record<string, FilterValue>;
  label: Label;
  fields: Record<string, FieldDef>;
  fieldNames: string[];
  displayField: string;
  lookup?: LookupDeclaration;
  /** i18n keys: the title and one per field. */
  i18n: { title: string; field: (fieldName: string) => string };
  methods: CrudMethods;
  /** Rows only the server writes (inventory): the screen lists and exports, it offers no create, edit or delete. */
  readOnly?: boolean;
  /** Query parameter name of a filter when it differs from the field name (User's `isActive` → `IsActive`). */
  filterParams?: Record<string, string>;
  /** Lookup lists of other resources a write to this one makes stale (`User/GetRoles` after a role changes). */
  invalidatesLookups?: string[];
  /** Turns the `get` result into form values (Role's GetRoleForEdit wraps the role). */
  fromGetResult?: (result: unknown) => Record<string, unknown>;
}

type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: string;
  direction: SortDirection;
}

export type FilterValue = string | number | boolean;

/** A failed call, reduced to what the screen shows (serialisable: it lives in the store). */
export interface CrudError {
  message: string;
  details?: string | null;
  status?: number;
  validationErrors?: { message: string; members: string[] }[];
}

export interface EditingState {
  mode: 'create' | 'edit';
  id: number | null;
  /** Values the form starts from (the row, then the fresh `Get` result). */
  values: Record<string, unknown>;
  /** The `Get` call of an edit is under way. */
  loading: boolean;
  /** Server validation messages by camelCase field name. */
  fieldErrors: Record<string, string[]>;
  /** A failure not tied to a field (or the failed `Get`). */
  error: CrudError | null;
  /** `error` is the failed `Get`: the form carries on with the row's values. */
  loadFailed: boolean;
}

export interface PendingDelete {
  id: number;
  name: string;
  deleting: boolean;
  error: CrudError | null;
}

/** A call on one record beyond the standard five (`PUT HazardouswasteInformation/UpdateStatus {id, status}`). */
export interface RowCommand {
  method: string;
  verb: 'POST' | 'PUT';
  body: Record<string, unknown>;
}

export interface PendingCommand {
  command: RowCommand;
  /** The question asked before running it (already translated). */
  message: string;
  running: boolean;
  error: CrudError | null;
}

export interface ExportProgress {
  phase: 'fetching' | 'writing';
  fetched: number;
  total: number;
  error: CrudError | null;
}

export interface ResourceState {
  items: EntityDto[];
  totalCount: number;
  currentPage: number;
  pageSize: number;
  sorting: SortState | null;
  keyword: string;
  filters: Record<string, FilterValue>;
  /**
   * Query parameters set by the screen that embeds the list, not by the clerk (an enterprise's inspections:
   * `EnterpriseId`); a reset keeps them.
   */
  scope: Record<string, FilterValue>;
  loading: boolean;
  /** Whether any list has arrived yet (first load shows a skeleton, later loads keep the rows). */
  loaded: boolean;
  error: CrudError | null;
  saving: boolean;
  editing: EditingState | null;
  pendingDelete: PendingDelete | null;
  pendingCommand: PendingCommand | null;
  exportProgress: ExportProgress | null;
  /** The last completed write, for a toast; `seq` changes on every one. */
  flash: { kind: 'saved' | 'deleted' | 'done'; seq: number } | null;
}

export interface LookupItem {
  id: number;
  [field: string]: unknown;
}

export interface LookupState {
  items: LookupItem[];
  loading: boolean;
  loaded: boolean;
  error: CrudError | null;
}

/** One file on its way to `<Service>/UploadFile` for a files field, for the attachment editor of that form field. */
export interface UploadState {
  /** Slice key of the screen whose form started it. */
  resource: string;
  field: string;
  name: string;
  size: number;
  /** Bytes sent so far, of `total`. */
  loaded: number;
  total: number;
  status: 'uploading' | 'done' | 'failed';
  error: CrudError | null;
  /** The stored file, once the server answered. */
  file: FileInfo | null;
}

/** A download of a stored file under way, or its failure (by file id). */
export interface DownloadState {
  loading: boolean;
  error: CrudError | null;
}

export interface CrudState {
  byResource: Record<string, ResourceState>;
  /** Lookup lists cached by `lookupKey(resource, method, params)`. */
  lookups: Record<string, LookupState>;
  /** Uploads by upload id (made by the editor that started them). */
  uploads: Record<string, UploadState>;
  downloads: Record<string, DownloadState>;
}

/** The part of the application state this folder reads; the store mounts the reducer at `crud`. */
export interface CrudRootState {
  crud: CrudState;
}

/** A translation function: i18next's `t` satisfies it, and so does `createTranslator` for sagas. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
