import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_PAGE_SIZE, type EntityDto, type FileInfo } from '../../shared/resource-kit';
import type {
  CrudError, CrudRootState, CrudState, FilterValue, LookupItem, LookupState, ResourceState, RowCommand,
  SortState, UploadState,
} from './types';
import { baseResourceOf } from './view';

const FIRST_PAGE = 1;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const initialResourceState: ResourceState = Object.freeze({
  items: [],
  totalCount: 0,
  currentPage: FIRST_PAGE,
  pageSize: DEFAULT_PAGE_SIZE,
  sorting: null,
  keyword: '',
  filters: {},
  scope: {},
  loading: false,
  loaded: false,
  error: null,
  saving: false,
  editing: null,
  pendingDelete: null,
  pendingCommand: null,
  exportProgress: null,
  flash: null,
}) as ResourceState;

export const initialCrudState: CrudState = { byResource: {}, lookups: {}, uploads: {}, downloads: {} };

type R<P = object> = PayloadAction<{ resource: string } & P>;

function entry(state: CrudState, resource: string): ResourceState {
  return (state.byResource[resource] ??= { ...initialResourceState, filters: {}, scope: {}, items: [] });
}

const nextFlash = (s: ResourceState, kind: NonNullable<ResourceState['flash']>['kind']) => ({ kind, seq: (s.flash?.seq ?? 0) + 1 });

// States preloaded from before uploads existed lack the maps.
const uploadsOf = (state: CrudState) => (state.uploads ??= {});
const downloadsOf = (state: CrudState) => (state.downloads ??= {});

/** Messages of server validation errors by camelCase field name (ABP may send `Code` or `code`). */
function fieldErrorsOf(error: CrudError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of error.validationErrors ?? []) {
    for (const member of v.members ?? []) {
      const name = member.charAt(0).toLowerCase() + member.slice(1);
      (out[name] ??= []).push(v.message);
    }
  }
  return out;
}

// A query change always starts at the first page (except paging itself) and shows the loading state at once, so
// the screen never flashes the old rows as the new query's answer.
function queryChanged(s: ResourceState, resetPage = true) {
  if (resetPage) s.currentPage = FIRST_PAGE;
  s.loading = true;
  s.error = null;
}

const slice = createSlice({
  name: 'crud',
  initialState: initialCrudState,
  reducers: {
    listRequested(state, { payload }: R) {
      queryChanged(entry(state, payload.resource), false);
    },
    pageChanged(state, { payload }: R<{ page: number }>) {
      const s = entry(state, payload.resource);
      s.currentPage = Math.max(FIRST_PAGE, Math.floor(payload.page));
      queryChanged(s, false);
    },
    pageSizeChanged(state, { payload }: R<{ pageSize: number }>) {
      const s = entry(state, payload.resource);
      s.pageSize = payload.pageSize;
      queryChanged(s);
    },
    sortingChanged(state, { payload }: R<{ sorting: SortState | null }>) {
      const s = entry(state, payload.resource);
      s.sorting = payload.sorting;
      queryChanged(s);
    },
    keywordSearched(state, { payload }: R<{ keyword: string }>) {
      const s = entry(state, payload.resource);
      s.keyword = payload.keyword.trim();
      queryChanged(s);
    },
    filterChanged(state, { payload }: R<{ name: string; value: FilterValue | null }>) {
      const s = entry(state, payload.resource);
      if (payload.value === null || payload.value === '') delete s.filters[payload.name];
      else s.filters[payload.name] = payload.value;
      queryChanged(s);
    },
    /** The embedding screen's fixed parameters changed (another enterprise's inspections): its rows are not these. */
    scopeChanged(state, { payload }: R<{ scope: Record<string, FilterValue> }>) {
      const s = entry(state, payload.resource);
      s.scope = { ...payload.scope };
      s.items = [];
      s.totalCount = 0;
      s.loaded = false;
      queryChanged(s);
    },
    queryReset(state, { payload }: R) {
      const s = entry(state, payload.resource);
      s.keyword = '';
      s.filters = {};
      s.sorting = null;
      queryChanged(s);
    },
    listLoaded(state, { payload }: R<{ items: EntityDto[]; totalCount: number }>) {
      const s = entry(state, payload.resource);
      s.items = payload.items;
      s.totalCount = payload.totalCount;
      s.loading = false;
      s.loaded = true;
      s.error = null;
    },
    listFailed(state, { payload }: R<{ error: CrudError }>) {
      const s = entry(state, payload.resource);
      s.loading = false;
      s.error = payload.error;
    },

    createOpened(state, { payload }: R<{ values: Record<string, unknown> }>) {
      entry(state, payload.resource).editing = {
        mode: 'create', id: null, values: payload.values, loading: false, fieldErrors: {}, error: null, loadFailed: false,
      };
    },
    /** Opens the dialog with the row at once; the saga then reads the record afresh. */
    editOpened(state, { payload }: R<{ id: number; row?: Record<string, unknown> }>) {
      entry(state, payload.resource).editing = {
        mode: 'edit', id: payload.id, values: payload.row ?? {}, loading: true, fieldErrors: {}, error: null, loadFailed: false,
      };
    },
    editLoaded(state, { payload }: R<{ id: number; values: Record<string, unknown> }>) {
      const editing = entry(state, payload.resource).editing;
      if (editing?.mode !== 'edit' || editing.id !== payload.id) return;
      editing.values = payload.values;
      editing.loading = false;
    },
    editLoadFailed(state, { payload }: R<{ id: number; error: CrudError }>) {
      const editing = entry(state, payload.resource).editing;
      if (editing?.mode !== 'edit' || editing.id !== payload.id) return;
      editing.loading = false;
      editing.error = payload.error;
      editing.loadFailed = true;
    },
    editClosed(state, { payload }: R) {
      const s = entry(state, payload.resource);
      s.editing = null;
      s.saving = false;
    },
    saveRequested(state, { payload }: R<{ values: Record<string, unknown> }>) {
      const s = entry(state, payload.resource);
      s.saving = true;
      if (s.editing) {
        s.editing.fieldErrors = {};
        s.editing.error = null;
        s.editing.loadFailed = false;
      }
    },
    saveSucceeded(state, { payload }: R<{ result?: unknown }>) {
      const s = entry(state, payload.resource);
      s.saving = false;
      s.editing = null;
      s.flash = nextFlash(s, 'saved');
      dropLookups(state, payload.resource);
    },
    /** The dialog stays open with the server's messages under the fields they name. */
    saveFailed(state, { payload }: R<{ error: CrudError }>) {
      const s = entry(state, payload.resource);
      s.saving = false;
      if (s.editing) {
        s.editing.fieldErrors = fieldErrorsOf(payload.error);
        s.editing.error = payload.error;
      }
    },

    deleteAsked(state, { payload }: R<{ id: number; name: string }>) {
      entry(state, payload.resource).pendingDelete = { id: payload.id, name: payload.name, deleting: false, error: null };
    },
    deleteCancelled(state, { payload }: R) {
      entry(state, payload.resource).pendingDelete = null;
    },
    deleteRequested(state, { payload }: R<{ id: number }>) {
      const s = entry(state, payload.resource);
      if (s.pendingDelete?.id === payload.id) {
        s.pendingDelete.deleting = true;
        s.pendingDelete.error = null;
      }
    },
    /** Deleting the only row of a page other than the first goes back one page, so the screen never shows an empty page. */
    deleteSucceeded(state, { payload }: R<{ id: number }>) {
      const s = entry(state, payload.resource);
      s.pendingDelete = null;
      const remaining = s.items.filter((item) => item.id !== payload.id);
      if (remaining.length === 0 && s.currentPage > FIRST_PAGE) s.currentPage -= 1;
      s.flash = nextFlash(s, 'deleted');
      dropLookups(state, payload.resource);
    },
    deleteFailed(state, { payload }: R<{ id: number; error: CrudError }>) {
      const s = entry(state, payload.resource);
      if (s.pendingDelete?.id === payload.id) {
        s.pendingDelete.deleting = false;
        s.pendingDelete.error = payload.error;
      }
    },

    /** Asks before running a command on a record (the alert shows `message`). */
    commandAsked(state, { payload }: R<{ command: RowCommand; message: string }>) {
      entry(state, payload.resource).pendingCommand = { command: payload.command, message: payload.message, running: false, error: null };
    },
    commandCancelled(state, { payload }: R) {
      entry(state, payload.resource).pendingCommand = null;
    },
    /** Runs a command, asked before or not; its alert stays up until it is done and shows a failure. */
    commandRequested(state, { payload }: R<{ command: RowCommand }>) {
      const s = entry(state, payload.resource);
      s.pendingCommand = { message: s.pendingCommand?.message ?? '', command: payload.command, running: true, error: null };
    },
    commandSucceeded(state, { payload }: R) {
      const s = entry(state, payload.resource);
      s.pendingCommand = null;
      s.flash = nextFlash(s, 'done');
      dropLookups(state, payload.resource);
    },
    commandFailed(state, { payload }: R<{ error: CrudError }>) {
      const p = entry(state, payload.resource).pendingCommand;
      if (!p) return;
      p.running = false;
      p.error = payload.error;
    },

    /** A file chosen in a form's attachment editor starts on its way (the file itself is held outside the store). */
    uploadRequested(state, { payload }: PayloadAction<{ uploadId: string; resource: string; field: string; name: string; size: number }>) {
      const { uploadId, ...owner } = payload;
      uploadsOf(state)[uploadId] = { ...owner, loaded: 0, total: payload.size, status: 'uploading', error: null, file: null };
    },
    uploadProgressed(state, { payload }: PayloadAction<{ uploadId: string; loaded: number; total: number }>) {
      const u = uploadsOf(state)[payload.uploadId];
      if (u?.status !== 'uploading') return;
      u.loaded = payload.loaded;
      if (payload.total > 0) u.total = payload.total;
    },
    uploadSucceeded(state, { payload }: PayloadAction<{ uploadId: string; file: FileInfo }>) {
      const u = uploadsOf(state)[payload.uploadId];
      if (!u) return;
      u.status = 'done';
      u.loaded = u.total;
      u.file = payload.file;
    },
    uploadFailed(state, { payload }: PayloadAction<{ uploadId: string; error: CrudError }>) {
      const u = uploadsOf(state)[payload.uploadId];
      if (!u) return;
      u.status = 'failed';
      u.error = payload.error;
    },
    /** The editor took the file into the form, or the clerk dismissed a failure (a running upload stops). */
    uploadCleared(state, { payload }: PayloadAction<{ uploadId: string }>) {
      delete uploadsOf(state)[payload.uploadId];
    },
    /** The form closed: every upload it started is forgotten (running ones stop). */
    uploadsDiscarded(state, { payload }: R<{ field?: string }>) {
      const uploads = uploadsOf(state);
      for (const [id, u] of Object.entries(uploads)) {
        if (u.resource === payload.resource && (payload.field === undefined || u.field === payload.field)) delete uploads[id];
      }
    },

    downloadRequested(state, { payload }: PayloadAction<{ fileId: number; name: string }>) {
      downloadsOf(state)[payload.fileId] = { loading: true, error: null };
    },
    downloadFinished(state, { payload }: PayloadAction<{ fileId: number }>) {
      delete downloadsOf(state)[payload.fileId];
    },
    downloadFailed(state, { payload }: PayloadAction<{ fileId: number; error: CrudError }>) {
      downloadsOf(state)[payload.fileId] = { loading: false, error: payload.error };
    },

    exportRequested(state, { payload }: R<{ language: string }>) {
      entry(state, payload.resource).exportProgress = { phase: 'fetching', fetched: 0, total: 0, error: null };
    },
    exportProgressed(state, { payload }: R<{ fetched: number; total: number }>) {
      const p = entry(state, payload.resource).exportProgress;
      if (!p) return;
      p.fetched = payload.fetched;
      p.total = payload.total;
    },
    exportWriting(state, { payload }: R) {
      const p = entry(state, payload.resource).exportProgress;
      if (p) p.phase = 'writing';
    },
    exportFinished(state, { payload }: R) {
      entry(state, payload.resource).exportProgress = null;
    },
    exportFailed(state, { payload }: R<{ error: CrudError }>) {
      const p = entry(state, payload.resource).exportProgress;
      if (p) p.error = payload.error;
    },
    /** Also closes a failed export's dialog. */
    exportCancelled(state, { payload }: R) {
      entry(state, payload.resource).exportProgress = null;
    },
    flashCleared(state, { payload }: R) {
      entry(state, payload.resource).flash = null;
    },

    /** Drops cached lookup lists whose key starts with one of the prefixes. */
    lookupsInvalidated(state, { payload }: PayloadAction<{ prefixes: string[] }>) {
      for (const key of Object.keys(state.lookups)) {
        if (payload.prefixes.some((prefix) => key.startsWith(prefix))) delete state.lookups[key];
      }
    },
    lookupStarted(state, { payload }: PayloadAction<{ key: string }>) {
      const current = state.lookups[payload.key];
      state.lookups[payload.key] = { items: current?.items ?? [], loading: true, loaded: current?.loaded ?? false, error: null };
    },
    lookupLoaded(state, { payload }: PayloadAction<{ key: string; items: LookupItem[] }>) {
      state.lookups[payload.key] = { items: payload.items, loading: false, loaded: true, error: null };
    },
    lookupFailed(state, { payload }: PayloadAction<{ key: string; error: CrudError }>) {
      const current = state.lookups[payload.key];
      state.lookups[payload.key] = { items: current?.items ?? [], loading: false, loaded: false, error: payload.error };
    },
  },
});

export interface LookupRequest {
  resource: string;
  method: string;
  params?: Record<string, string | number | boolean>;
  /** Reload even when cached. */
  force?: boolean;
}

/** Cache key of a lookup list: resource, method and the parameters in a stable order. */
export function lookupKey(resource: string, method: string, params?: Record<string, string | number | boolean>): string {
  const query = Object.keys(params ?? {}).sort().map((k) => `${k}=${String(params![k])}`).join('&');
  return `${resource}/${method}${query ? `?${query}` : ''}`;
}

// A write to a resource makes its cached lookup lists stale (a new category must appear in the codes' select); a
// write through a variant screen is a write to its resource.
function dropLookups(state: CrudState, resource: string) {
  const prefix = `${baseResourceOf(resource)}/`;
  for (const key of Object.keys(state.lookups)) if (key.startsWith(prefix)) delete state.lookups[key];
}

/** Asks for a lookup list; the saga answers from the cache unless `force` (reducers do not see it). */
const lookupRequested = createAction<LookupRequest>('crud/lookupRequested');

export const crudActions = { ...slice.actions, lookupRequested };
export const crudReducer = slice.reducer;

export const selectResourceState = (state: CrudRootState, resource: string): ResourceState =>
  state.crud.byResource[resource] ?? initialResourceState;

const NO_LOOKUP: LookupState = Object.freeze({ items: [], loading: false, loaded: false, error: null }) as LookupState;
export const selectLookup = (state: CrudRootState, key: string): LookupState => state.crud.lookups[key] ?? NO_LOOKUP;

const NO_UPLOADS: Readonly<Record<string, UploadState>> = Object.freeze({});
export const selectUploads = (state: CrudRootState): Readonly<Record<string, UploadState>> => state.crud.uploads ?? NO_UPLOADS;

export const pageCount = (s: Pick<ResourceState, 'totalCount' | 'pageSize'>) => Math.max(1, Math.ceil(s.totalCount / s.pageSize));
