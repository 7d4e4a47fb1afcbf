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
