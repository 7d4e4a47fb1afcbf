import type { Action, PayloadAction } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { all, call, cancel, cancelled, fork, put, race, select, take, takeEvery } from 'redux-saga/effects';
import { callApi } from '../api/http';
import { crudPath, MAX_PAGE_SIZE, type EntityDto, type PagedResult } from '../../shared/resource-kit';
import { toCrudError } from './api-error';
import { buildExportRows, exportColumns, exportFileName, writeWorkbook } from './export';
import { currentTime } from '../time/clock';
import { selectTimeZone } from '../session/selectors';
import { createUploadChannel, fetchFileBlob, saveBlob, takeHeldFile, type UploadEvent } from './files';
import { buildListParams, buildQueryParams } from './query';
import { crudActions as A, lookupKey, pageCount, selectLookup, selectResourceState, type LookupRequest } from './slice';
import { createTranslator } from './translator';
import type { LookupItem, LookupState, ResourceState, ResourceView, Translate } from './types';
import { apiPath, baseResourceOf, findView, serviceOf, STANDARD_METHODS } from './view';
import { propertyOf, recordOf, recordsOf } from '../../shared/json';

type ResourceAction = PayloadAction<{ resource: string }>;

export interface CrudSagaOptions {
  /** How a resource name becomes its view (default: registered local views, then the declarations). */
  resolveView?: (resource: string) => ResourceView | undefined;
  /** The `t` of an export (default: the shared texts of the language the screen was in). */
  translatorFor?: (language: string) => Translate;
  /** Rows per `GetAll` call of an export (the server refuses more than MAX_PAGE_SIZE). */
  exportPageSize?: number;
}

/** Actions that change what the list shows; each one (re)loads the page of its resource. */
const LIST_ACTIONS: readonly string[] = [
  A.listRequested, A.pageChanged, A.pageSizeChanged, A.sortingChanged, A.keywordSearched, A.filterChanged, A.queryReset,
  A.scopeChanged,
].map((a) => a.type);

const isListAction = (action: Action): action is ResourceAction => LIST_ACTIONS.includes(action.type);

/**
 * `takeLatest`, but per resource: a newer query of Wastecode cancels the older Wastecode query and leaves a
 * Wastecategory query running (two screens can be open in tabs).
 */
function* takeLatestPerResource(pattern: (action: Action) => action is ResourceAction, worker: (action: ResourceAction) => Generator) {
  const running = new Map<string, Task>();
  while (true) {
    const action: ResourceAction = yield take(pattern);
    const previous = running.get(action.payload.resource);
    if (previous?.isRunning()) yield cancel(previous);
    running.set(action.payload.resource, yield fork(worker, action));
  }
}

/** A lookup answer (a list, or `{items}`) as items; lists of names (permissions) have no ids, their position stands in. */
const lookupItemsOf = (result: unknown): LookupItem[] =>
  recordsOf(Array.isArray(result) ? result : propertyOf(result, 'items')).map((item, index) => ({ ...item, id: typeof item.id === 'number' ? item.id : index }));

/** Builds the CRUD root saga. One instance serves every resource; each flow reads the resource from its action. */
export function createCrudSaga(options: CrudSagaOptions = {}) {
  const resolveView = options.resolveView ?? findView;
  const translatorFor = options.translatorFor ?? createTranslator;
  const exportPageSize = Math.min(options.exportPageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);

  const pathOf = (resource: string, method: keyof typeof STANDARD_METHODS) => {
    const view = resolveView(resource);
    return view ? apiPath(view, method) : crudPath(baseResourceOf(resource), STANDARD_METHODS[method]);
  };
  /** A method beyond the standard five, under the screen's service. */
  const servicePath = (resource: string, method: string) => {
    const view = resolveView(resource);
    return crudPath(view ? serviceOf(view) : baseResourceOf(resource), method);
  };

  function* invalidateOthers(resource: string) {
    const prefixes = resolveView(resource)?.invalidatesLookups;
    if (prefixes?.length) yield put(A.lookupsInvalidated({ prefixes }));
  }

  function* loadList(action: ResourceAction) {
    const { resource } = action.payload;
    const state: ResourceState = yield select(selectResourceState, resource);
    const params = buildListParams(state, resolveView(resource));
    try {
      const result: PagedResult<EntityDto> = yield call(callApi, 'GET', pathOf(resource, 'getAll'), params);
      const items = result?.items ?? [];
      const totalCount = result?.totalCount ?? items.length;
      // Someone else deleted rows and this page no longer exists: show the last one that does.
      const lastPage = pageCount({ totalCount, pageSize: state.pageSize });
      if (items.length === 0 && totalCount > 0 && state.currentPage > lastPage) {
        yield put(A.pageChanged({ resource, page: lastPage }));
        return;
      }
      yield put(A.listLoaded({ resource, items, totalCount }));
    } catch (e) {
      yield put(A.listFailed({ resource, error: toCrudError(e) }));
    }
  }

  function* loadRecord(action: ReturnType<typeof A.editOpened>) {
    const { resource, id } = action.payload;
    const view = resolveView(resource);
    try {
      const result: unknown = yield call(callApi, 'GET', pathOf(resource, 'get'), { Id: id });
      const values = view?.fromGetResult ? view.fromGetResult(result) : recordOf(result);
      yield put(A.editLoaded({ resource, id, values }));
    } catch (e) {
      yield put(A.editLoadFailed({ resource, id, error: toCrudError(e) }));
    }
  }

  function* save(action: ReturnType<typeof A.saveRequested>) {
    const { resource, values } = action.payload;
    const state: ResourceState = yield select(selectResourceState, resource);
    const editing = state.editing;
    if (!editing) return;
    try {
      const result: unknown = editing.mode === 'create'
        ? yield call(callApi, 'POST', pathOf(resource, 'create'), values)
        : yield call(callApi, 'PUT', pathOf(resource, 'update'), { ...values, id: editing.id });
      yield put(A.saveSucceeded({ resource, result }));
      yield* invalidateOthers(resource);
      yield put(A.listRequested({ resource }));
    } catch (e) {
      yield put(A.saveFailed({ resource, error: toCrudError(e) }));
    }
  }

  function* remove(action: ReturnType<typeof A.deleteRequested>) {
    const { resource, id } = action.payload;
    try {
      yield call(callApi, 'DELETE', pathOf(resource, 'delete'), { Id: id });
      // The reducer steps back a page when this was the page's last row; the reload then reads that page.
      yield put(A.deleteSucceeded({ resource, id }));
      yield* invalidateOthers(resource);
      yield put(A.listRequested({ resource }));
    } catch (e) {
      yield put(A.deleteFailed({ resource, id, error: toCrudError(e) }));
    }
  }

  function* lookup(action: PayloadAction<LookupRequest>) {
    const { resource, method, params, force } = action.payload;
    const key = lookupKey(resource, method, params);
    const cached: LookupState = yield select(selectLookup, key);
    if (cached.loading || (cached.loaded && !force)) return;
    yield put(A.lookupStarted({ key }));
    try {
      const result: unknown = yield call(callApi, 'GET', crudPath(resource, method), params ?? {});
      yield put(A.lookupLoaded({ key, items: lookupItemsOf(result) }));
    } catch (e) {
      yield put(A.lookupFailed({ key, error: toCrudError(e) }));
    }
  }

  function* runCommand(action: ReturnType<typeof A.commandRequested>) {
    const { resource, command } = action.payload;
    try {
      yield call(callApi, command.verb, servicePath(resource, command.method), command.body);
      yield put(A.commandSucceeded({ resource }));
      yield* invalidateOthers(resource);
      yield put(A.listRequested({ resource }));
    } catch (e) {
      yield put(A.commandFailed({ resource, error: toCrudError(e) }));
    }
  }

  /** One file to `<Service>/UploadFile` for its files field, its progress reported as it goes. */
  function* uploadFile(action: ReturnType<typeof A.uploadRequested>) {
    const { uploadId, resource, field } = action.payload;
    const file: File | undefined = yield call(takeHeldFile, uploadId);
    // Nothing held under that id (a reloaded page replaying an action): there is nothing to send.
    if (!file) {
      yield put(A.uploadCleared({ uploadId }));
      return;
    }
    const channel: EventChannel<UploadEvent> = yield call(createUploadChannel, servicePath(resource, 'UploadFile'), file, { field });
    try {
      while (true) {
        const event: UploadEvent = yield take(channel);
        if (event.type === 'progress') {
          yield put(A.uploadProgressed({ uploadId, loaded: event.loaded, total: event.total }));
        } else if (event.type === 'done') {
          yield put(A.uploadSucceeded({ uploadId, file: event.file }));
          return;
        } else {
          yield put(A.uploadFailed({ uploadId, error: event.error }));
          return;
        }
      }
    } finally {
      // Cancelled (the clerk removed it, the form closed): closing the channel aborts the request.
      const stopped: boolean = yield cancelled();
      if (stopped) channel.close();
    }
  }

  function* cancellableUpload(action: ReturnType<typeof A.uploadRequested>) {
    const { uploadId, resource, field } = action.payload;
    yield race({
      done: call(uploadFile, action),
      cleared: take((a: Action) => A.uploadCleared.match(a) && a.payload.uploadId === uploadId),
      discarded: take((a: Action) => A.uploadsDiscarded.match(a) && a.payload.resource === resource
        && (a.payload.field === undefined || a.payload.field === field)),
    });
  }

  /** A stored file fetched with the session's headers, then handed to the browser. */
  function* download(action: ReturnType<typeof A.downloadRequested>) {
    const { fileId, name } = action.payload;
    try {
      const blob: Blob = yield call(fetchFileBlob, fileId);
      yield call(saveBlob, blob, name);
      yield put(A.downloadFinished({ fileId }));
    } catch (e) {
      yield put(A.downloadFailed({ fileId, error: toCrudError(e) }));
    }
  }

  /** Every page of the current query, in calls of `exportPageSize` rows, then one sheet. */
  function* exportAll(action: ReturnType<typeof A.exportRequested>) {
    const { resource, language } = action.payload;
    const view = resolveView(resource);
    if (!view) {
      yield put(A.exportFailed({ resource, error: { message: `Unknown resource ${resource}` } }));
      return;
    }
    const state: ResourceState = yield select(selectResourceState, resource);
    const query = buildQueryParams(state, view);
    const items: EntityDto[] = [];
    try {
      let total = 0;
      while (true) {
        const page: PagedResult<EntityDto> = yield call(callApi, 'GET', apiPath(view, 'getAll'), {
          SkipCount: items.length, MaxResultCount: exportPageSize, ...query,
        });
        const rows = page?.items ?? [];
        total = page?.totalCount ?? rows.length;
        items.push(...rows);
        yield put(A.exportProgressed({ resource, fetched: items.length, total }));
        // A short page ends it too: rows deleted meanwhile must not make the loop ask forever.
        if (items.length >= total || rows.length < exportPageSize) break;
      }
      yield put(A.exportWriting({ resource }));
      const t = translatorFor(language);
      const title = t(view.i18n.title);
      const now: number = yield call(currentTime);
      const zone: string = yield select(selectTimeZone);
      yield call(writeWorkbook, {
        fileName: exportFileName(title, now, zone),
        sheetName: title,
        columns: exportColumns(view, t),
        rows: buildExportRows(view, items, t, zone),
      });
      yield put(A.exportFinished({ resource }));
    } catch (e) {
      yield put(A.exportFailed({ resource, error: toCrudError(e) }));
    }
  }

  function* cancellableExport(action: ReturnType<typeof A.exportRequested>) {
    const { resource } = action.payload;
    yield race({
      done: call(exportAll, action),
      cancelled: take((a: Action) => A.exportCancelled.match(a) && a.payload.resource === resource),
    });
  }

  return function* crudSaga() {
    yield all([
      fork(takeLatestPerResource, isListAction, loadList),
      takeEvery(A.editOpened.type, loadRecord),
      takeEvery(A.saveRequested.type, save),
      takeEvery(A.deleteRequested.type, remove),
      takeEvery(A.lookupRequested.type, lookup),
      takeEvery(A.exportRequested.type, cancellableExport),
      takeEvery(A.commandRequested.type, runCommand),
      takeEvery(A.uploadRequested.type, cancellableUpload),
      takeEvery(A.downloadRequested.type, download),
    ]);
  };
}

/** The saga the root saga forks. */
export const crudSaga = createCrudSaga();
