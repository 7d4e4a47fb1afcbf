import { crudActions as A, crudReducer, initialCrudState, initialResourceState, lookupKey, pageCount, selectResourceState } from './slice';
import { abpError, rows, stateWith } from './test-support';
import { toCrudError } from './api-error';
import type { CrudState } from './types';

const R = 'Wastecode';
const reduce = (state: CrudState, ...actions: Parameters<typeof crudReducer>[1][]) => actions.reduce(crudReducer, state);
const resourceOf = (state: CrudState) => state.byResource[R];

describe('crud slice', () => {
  it('starts a resource at page 1 with 10 rows per page', () => {
    const state = reduce(initialCrudState, A.listRequested({ resource: R }));
    expect(resourceOf(state)).toMatchObject({ currentPage: 1, pageSize: 10, loading: true, keyword: '', filters: {}, sorting: null });
    expect(selectResourceState({ crud: initialCrudState }, 'Nothing')).toBe(initialResourceState);
  });

  it('keeps resources apart', () => {
    const state = reduce(initialCrudState, A.pageChanged({ resource: R, page: 3 }), A.listRequested({ resource: 'Wastecategory' }));
    expect(state.byResource.Wastecategory.currentPage).toBe(1);
    expect(resourceOf(state).currentPage).toBe(3);
  });

  it('goes back to the first page when the keyword, a filter, the sorting or the page size changes', () => {
    const on3 = stateWith({ [R]: { currentPage: 3 } }).crud;
    expect(resourceOf(reduce(on3, A.keywordSearched({ resource: R, keyword: ' 900 ' })))).toMatchObject({ currentPage: 1, keyword: '900' });
    expect(resourceOf(reduce(on3, A.filterChanged({ resource: R, name: 'wastecategoryId', value: 2 })))).toMatchObject({ currentPage: 1, filters: { wastecategoryId: 2 } });
    expect(resourceOf(reduce(on3, A.sortingChanged({ resource: R, sorting: { field: 'code', direction: 'desc' } }))).currentPage).toBe(1);
    expect(resourceOf(reduce(on3, A.pageSizeChanged({ resource: R, pageSize: 50 })))).toMatchObject({ currentPage: 1, pageSize: 50 });
    expect(resourceOf(reduce(on3, A.listRequested({ resource: R }))).currentPage).toBe(3);
  });

  it('removes a filter set to nothing and resets the whole query', () => {
    let state = reduce(initialCrudState,
      A.filterChanged({ resource: R, name: 'a', value: 1 }), A.filterChanged({ resource: R, name: 'b', value: false }),
      A.filterChanged({ resource: R, name: 'a', value: null }));
    expect(resourceOf(state).filters).toEqual({ b: false });
    state = reduce(state, A.keywordSearched({ resource: R, keyword: 'x' }), A.queryReset({ resource: R }));
    expect(resourceOf(state)).toMatchObject({ keyword: '', filters: {}, sorting: null, currentPage: 1 });
  });

  it('stores a loaded page and clears an earlier error', () => {
    const state = reduce(initialCrudState,
      A.listFailed({ resource: R, error: { message: 'x' } }),
      A.listLoaded({ resource: R, items: rows(3), totalCount: 33 }));
    expect(resourceOf(state)).toMatchObject({ totalCount: 33, loading: false, loaded: true, error: null });
    expect(pageCount(resourceOf(state))).toBe(4);
  });

  it('opens, loads, fails and closes the edit dialog', () => {
    let state = reduce(initialCrudState, A.editOpened({ resource: R, id: 4, row: { id: 4, code: 'a' } }));
    expect(resourceOf(state).editing).toMatchObject({ mode: 'edit', id: 4, loading: true, values: { code: 'a' } });
    // An answer for another record (a dialog closed and reopened meanwhile) is ignored.
    state = reduce(state, A.editLoaded({ resource: R, id: 9, values: { id: 9 } }));
    expect(resourceOf(state).editing?.values).toEqual({ id: 4, code: 'a' });
    state = reduce(state, A.editLoaded({ resource: R, id: 4, values: { id: 4, code: 'b' } }), A.saveRequested({ resource: R, values: {} }));
    expect(resourceOf(state)).toMatchObject({ saving: true, editing: { loading: false, values: { code: 'b' } } });
    state = reduce(state, A.saveFailed({ resource: R, error: toCrudError(abpError(400, 'Your request is not valid!', [{ message: 'm', members: ['Code', 'name'] }])) }));
    expect(resourceOf(state).saving).toBe(false);
    expect(resourceOf(state).editing?.fieldErrors).toEqual({ code: ['m'], name: ['m'] });
    state = reduce(state, A.editClosed({ resource: R }));
    expect(resourceOf(state).editing).toBeNull();
  });

  it('counts writes for the toast and drops the written resource’s cached lookups', () => {
    let state: CrudState = {
      ...initialCrudState,
      lookups: {
        [lookupKey(R, 'GetWastecodeAll')]: { items: [], loading: false, loaded: true, error: null },
        [lookupKey('Wastecategory', 'GetWastecategoryAll')]: { items: [], loading: false, loaded: true, error: null },
      },
    };
    state = reduce(state, A.createOpened({ resource: R, values: {} }), A.saveSucceeded({ resource: R }));
    expect(resourceOf(state).flash).toEqual({ kind: 'saved', seq: 1 });
    expect(Object.keys(state.lookups)).toEqual(['Wastecategory/GetWastecategoryAll']);
    state = reduce(state, A.deleteAsked({ resource: R, id: 1, name: 'n' }), A.deleteSucceeded({ resource: R, id: 1 }));
    expect(resourceOf(state).flash).toEqual({ kind: 'deleted', seq: 2 });
  });

  it('steps back a page only when the deleted row was the last of a later page', () => {
    const lastRowOnPage2 = stateWith({ [R]: { currentPage: 2, items: rows(1, 11) } }).crud;
    expect(resourceOf(reduce(lastRowOnPage2, A.deleteSucceeded({ resource: R, id: 11 }))).currentPage).toBe(1);
    const lastRowOnPage1 = stateWith({ [R]: { currentPage: 1, items: rows(1) } }).crud;
    expect(resourceOf(reduce(lastRowOnPage1, A.deleteSucceeded({ resource: R, id: 1 }))).currentPage).toBe(1);
    const twoRows = stateWith({ [R]: { currentPage: 2, items: rows(2, 11) } }).crud;
    expect(resourceOf(reduce(twoRows, A.deleteSucceeded({ resource: R, id: 11 }))).currentPage).toBe(2);
  });

  it('tracks export progress and its end', () => {
    let state = reduce(initialCrudState, A.exportRequested({ resource: R, language: 'zh-CN' }), A.exportProgressed({ resource: R, fetched: 1000, total: 2345 }));
    expect(resourceOf(state).exportProgress).toEqual({ phase: 'fetching', fetched: 1000, total: 2345, error: null });
    state = reduce(state, A.exportWriting({ resource: R }));
    expect(resourceOf(state).exportProgress?.phase).toBe('writing');
    state = reduce(state, A.exportFinished({ resource: R }));
    expect(resourceOf(state).exportProgress).toBeNull();
  });

  it('builds lookup keys independent of parameter order', () => {
    expect(lookupKey('A', 'M', { b: 1, a: 'x' })).toBe(lookupKey('A', 'M', { a: 'x', b: 1 }));
    expect(lookupKey('A', 'M')).toBe('A/M');
  });
});

describe('toCrudError', () => {
  it('reads the ABP envelope of an axios error, a bare error and anything else', () => {
    expect(toCrudError(abpError(403, 'Required permissions are not granted.'))).toMatchObject({ status: 403, message: 'Required permissions are not granted.' });
    expect(toCrudError(new Error('timeout of 120000ms exceeded'))).toEqual({ message: 'timeout of 120000ms exceeded' });
    expect(toCrudError({ response: { status: 502, data: '' }, message: 'Bad gateway' })).toEqual({ message: 'Bad gateway', status: 502 });
    expect(toCrudError('boom')).toEqual({ message: 'boom' });
  });
});

describe('crud slice: screens, scopes, commands and files', () => {
  const ENTERPRISES = 'EnterpriseInformation';
  const RECEIVERS = 'EnterpriseInformation@enterpriseinformation_cp';
  const PRODUCERS = 'EnterpriseInformation@enterpriseinformation_wp';

  it('keeps the list state of each segment screen apart from the resource’s and from each other', () => {
    const state = reduce(initialCrudState,
      A.pageChanged({ resource: RECEIVERS, page: 3 }),
      A.filterChanged({ resource: PRODUCERS, name: 'scale', value: 2 }),
      A.keywordSearched({ resource: ENTERPRISES, keyword: '环保' }));
    expect(state.byResource[RECEIVERS]).toMatchObject({ currentPage: 3, filters: {}, keyword: '' });
    expect(state.byResource[PRODUCERS]).toMatchObject({ currentPage: 1, filters: { scale: 2 }, keyword: '' });
    expect(state.byResource[ENTERPRISES]).toMatchObject({ currentPage: 1, filters: {}, keyword: '环保' });
  });

  it('drops the resource’s cached lookups after a write through a segment screen', () => {
    let state: CrudState = {
      ...initialCrudState,
      lookups: {
        [lookupKey(ENTERPRISES, 'GetEnterpriseInformationAll', { corporateType: 3 })]: { items: [], loading: false, loaded: true, error: null },
        [lookupKey('Wastecode', 'GetWastecodeAll')]: { items: [], loading: false, loaded: true, error: null },
      },
    };
    state = reduce(state, A.createOpened({ resource: RECEIVERS, values: {} }), A.saveSucceeded({ resource: RECEIVERS }));
    expect(Object.keys(state.lookups)).toEqual(['Wastecode/GetWastecodeAll']);
  });

  it('starts a scoped list afresh on its first page without the rows of the previous scope, and a reset keeps the scope', () => {
    const key = 'RegularInspections@enterprise';
    let state = stateWith({ [key]: { currentPage: 3, items: rows(2), totalCount: 22, loaded: true, scope: { EnterpriseId: 1 }, keyword: 'x' } }).crud;
    state = reduce(state, A.scopeChanged({ resource: key, scope: { EnterpriseId: 7 } }));
    expect(state.byResource[key]).toMatchObject({ scope: { EnterpriseId: 7 }, currentPage: 1, items: [], totalCount: 0, loaded: false, loading: true });
    state = reduce(state, A.queryReset({ resource: key }));
    expect(state.byResource[key]).toMatchObject({ scope: { EnterpriseId: 7 }, keyword: '' });
  });

  it('asks before a command, runs it, keeps a failure in the alert and toasts success', () => {
    const command = { method: 'UpdateStatus', verb: 'PUT' as const, body: { id: 4, status: 1 } };
    let state = reduce(initialCrudState, A.commandAsked({ resource: R, command, message: '停用？' }));
    expect(resourceOf(state).pendingCommand).toEqual({ command, message: '停用？', running: false, error: null });
    state = reduce(state, A.commandRequested({ resource: R, command }));
    expect(resourceOf(state).pendingCommand).toMatchObject({ running: true, message: '停用？' });
    state = reduce(state, A.commandFailed({ resource: R, error: { message: 'nope' } }));
    expect(resourceOf(state).pendingCommand).toMatchObject({ running: false, error: { message: 'nope' } });
    state = reduce(state, A.commandRequested({ resource: R, command }), A.commandSucceeded({ resource: R }));
    expect(resourceOf(state).pendingCommand).toBeNull();
    expect(resourceOf(state).flash).toEqual({ kind: 'done', seq: 1 });
    expect(resourceOf(reduce(state, A.commandAsked({ resource: R, command, message: 'm' }), A.commandCancelled({ resource: R }))).pendingCommand).toBeNull();
  });

  it('follows an upload from request to stored file, and forgets the uploads of a closed form only', () => {
    const file = { id: 31, name: '许可证.pdf', size: 2048, contentType: 'application/pdf' };
    let state = reduce(initialCrudState,
      A.uploadRequested({ uploadId: 'u1', resource: R, field: 'attachments', name: '许可证.pdf', size: 2048 }),
      A.uploadRequested({ uploadId: 'u2', resource: R, field: 'attachments', name: 'big.pdf', size: 10 }),
      A.uploadRequested({ uploadId: 'u3', resource: 'Contract', field: 'attachments', name: 'c.pdf', size: 10 }),
      A.uploadProgressed({ uploadId: 'u1', loaded: 1024, total: 2100 }));
    expect(state.uploads.u1).toMatchObject({ status: 'uploading', loaded: 1024, total: 2100, file: null });
    state = reduce(state, A.uploadSucceeded({ uploadId: 'u1', file }), A.uploadFailed({ uploadId: 'u2', error: { message: '文件过大' } }));
    expect(state.uploads.u1).toMatchObject({ status: 'done', loaded: 2100, file });
    expect(state.uploads.u2).toMatchObject({ status: 'failed', error: { message: '文件过大' } });
    // Progress arriving after the end changes nothing.
    state = reduce(state, A.uploadProgressed({ uploadId: 'u1', loaded: 5, total: 5 }));
    expect(state.uploads.u1.loaded).toBe(2100);
    state = reduce(state, A.uploadCleared({ uploadId: 'u1' }), A.uploadsDiscarded({ resource: R, field: 'attachments' }));
    expect(Object.keys(state.uploads)).toEqual(['u3']);
  });

  it('tracks a download and keeps its failure', () => {
    let state = reduce(initialCrudState, A.downloadRequested({ fileId: 5, name: 'a.pdf' }));
    expect(state.downloads[5]).toEqual({ loading: true, error: null });
    state = reduce(state, A.downloadFailed({ fileId: 5, error: { message: '没有权限' } }));
    expect(state.downloads[5]).toEqual({ loading: false, error: { message: '没有权限' } });
    state = reduce(state, A.downloadRequested({ fileId: 5, name: 'a.pdf' }), A.downloadFinished({ fileId: 5 }));
    expect(state.downloads[5]).toBeUndefined();
  });
});
