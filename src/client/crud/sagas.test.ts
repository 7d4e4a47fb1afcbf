import { expectSaga } from 'redux-saga-test-plan';
import { crudSaga } from './sagas';
import { crudActions as A, lookupKey } from './slice';
import { abpError, fakeBackend, final, later, rootReducer, rows, stateWith, WASTECODE_GETALL } from './test-support';
import type { ResourceView } from './types';
import { findView, registerView, STANDARD_METHODS } from './view';

describe('list', () => {
  it('sends the page, size, sorting, keyword and filters exactly and stores the page', async () => {
    const backend = fakeBackend(() => ({ totalCount: 45, items: rows(5, 41) }));
    const initial = stateWith({
      Wastecode: {
        currentPage: 3, pageSize: 20, sorting: { field: 'code', direction: 'desc' }, keyword: '900',
        filters: { wastecategoryId: 7, hazardCharacteristics: 'T' },
      },
    });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .dispatch(A.listRequested({ resource: 'Wastecode' }))
      .silentRun(50);

    expect(backend.calls).toEqual([[
      'GET', WASTECODE_GETALL,
      { SkipCount: 40, MaxResultCount: 20, Sorting: 'code desc', Keyword: '900', wastecategoryId: 7, hazardCharacteristics: 'T' },
    ]]);
    const s = final(result).crud.byResource.Wastecode;
    expect(s.items.map((r) => r.id)).toEqual([41, 42, 43, 44, 45]);
    expect(s.totalCount).toBe(45);
    expect(s.loading).toBe(false);
  });

  it('sends ascending sorting as the bare field name and searches from the first page', async () => {
    const backend = fakeBackend(() => ({ totalCount: 0, items: [] }));
    await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({ Wastecategory: { currentPage: 4, sorting: { field: 'name', direction: 'asc' } } }))
      .provide(backend.providers)
      .dispatch(A.keywordSearched({ resource: 'Wastecategory', keyword: ' HW08 ' }))
      .silentRun(50);
    expect(backend.calls).toEqual([['GET', '/api/services/app/Wastecategory/GetAll', { SkipCount: 0, MaxResultCount: 10, Sorting: 'name', Keyword: 'HW08' }]]);
  });

  it('lets a newer query of a resource cancel the older one, but not another resource’s', async () => {
    const backend = fakeBackend((_m, url, payload) => {
      const skip = Number(payload?.SkipCount);
      if (url.includes('Wastecategory')) return later(30, { totalCount: 1, items: rows(1, 900) });
      // The first (older) page answers last: its answer must not win.
      return skip === 0 ? later(40, { totalCount: 30, items: rows(10, 1) }) : later(5, { totalCount: 30, items: rows(10, 11) });
    });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.listRequested({ resource: 'Wastecode' }))
      .dispatch(A.listRequested({ resource: 'Wastecategory' }))
      .dispatch(A.pageChanged({ resource: 'Wastecode', page: 2 }))
      .silentRun(150);
    const s = final(result).crud;
    expect(s.byResource.Wastecode.items[0].id).toBe(11);
    expect(s.byResource.Wastecode.currentPage).toBe(2);
    expect(s.byResource.Wastecategory.items[0].id).toBe(900);
  });

  it('stores a failed list as an error with the server message', async () => {
    const backend = fakeBackend(() => { throw abpError(500, 'An internal error occurred during your request!'); });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.listRequested({ resource: 'Wastecode' }))
      .silentRun(50);
    const s = final(result).crud.byResource.Wastecode;
    expect(s.loading).toBe(false);
    expect(s.error).toMatchObject({ message: 'An internal error occurred during your request!', status: 500 });
  });
});

describe('create and update', () => {
  it('creates, closes the dialog and reloads the page', async () => {
    const backend = fakeBackend((method) => (method === 'POST' ? { id: 99, code: 'HW99' } : { totalCount: 1, items: rows(1, 99) }));
    const initial = stateWith({ Wastecategory: { currentPage: 2, items: rows(3) } });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .dispatch(A.createOpened({ resource: 'Wastecategory', values: {} }))
      .dispatch(A.saveRequested({ resource: 'Wastecategory', values: { code: 'HW99', name: 'X', description: null } }))
      .silentRun(50);
    expect(backend.calls).toEqual([
      ['POST', '/api/services/app/Wastecategory/Create', { code: 'HW99', name: 'X', description: null }],
      ['GET', '/api/services/app/Wastecategory/GetAll', { SkipCount: 10, MaxResultCount: 10 }],
    ]);
    const s = final(result).crud.byResource.Wastecategory;
    expect(s.editing).toBeNull();
    expect(s.saving).toBe(false);
    expect(s.flash?.kind).toBe('saved');
  });

  it('sends the id with an update', async () => {
    const backend = fakeBackend((method) => (method === 'PUT' ? {} : { totalCount: 0, items: [] }));
    await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.editOpened({ resource: 'Wastecategory', id: 5, row: { id: 5, code: 'HW05' } }))
      .dispatch(A.saveRequested({ resource: 'Wastecategory', values: { code: 'HW05', name: 'Y' } }))
      .silentRun(50);
    expect(backend.calls.map(([m, u]) => `${m} ${u}`)).toEqual([
      'GET /api/services/app/Wastecategory/Get',
      'PUT /api/services/app/Wastecategory/Update',
      'GET /api/services/app/Wastecategory/GetAll',
    ]);
    expect(backend.calls[0][2]).toEqual({ Id: 5 });
    expect(backend.calls[1][2]).toEqual({ code: 'HW05', name: 'Y', id: 5 });
  });

  it('keeps the dialog open on a failed update and files the server messages under their fields', async () => {
    const backend = fakeBackend((method) => {
      if (method === 'GET') return { id: 5, code: 'HW05', name: 'Old' };
      throw abpError(400, 'Your request is not valid!', [
        { message: '类别代码“HW08”已存在', members: ['code'] },
        { message: '类别名称不能为空', members: ['Name'] },
      ]);
    });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.editOpened({ resource: 'Wastecategory', id: 5 }))
      .dispatch(A.saveRequested({ resource: 'Wastecategory', values: { code: 'HW08', name: '' } }))
      .silentRun(50);
    const s = final(result).crud.byResource.Wastecategory;
    expect(s.editing).not.toBeNull();
    expect(s.editing?.mode).toBe('edit');
    expect(s.editing?.values).toEqual({ id: 5, code: 'HW05', name: 'Old' });
    expect(s.editing?.fieldErrors).toEqual({ code: ['类别代码“HW08”已存在'], name: ['类别名称不能为空'] });
    expect(s.editing?.error?.status).toBe(400);
    expect(s.saving).toBe(false);
    expect(backend.calls.some(([, url]) => url.endsWith('/GetAll'))).toBe(false);
  });

  it('keeps the row’s values when reading the record fails', async () => {
    const backend = fakeBackend(() => { throw abpError(404, 'There is no entity Wastecategory with id = 5!'); });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.editOpened({ resource: 'Wastecategory', id: 5, row: { id: 5, code: 'HW05' } }))
      .silentRun(50);
    const editing = final(result).crud.byResource.Wastecategory.editing;
    expect(editing).toMatchObject({ loading: false, loadFailed: true, values: { id: 5, code: 'HW05' } });
  });

  it('reads a record through a local view’s own method and mapping', async () => {
    const role: ResourceView = {
      ...findView('Wastecategory')!, name: 'TestRole', methods: { ...STANDARD_METHODS, get: 'GetRoleForEdit' },
      fromGetResult: (r) => ({ ...(r as { role: object }).role, grantedPermissions: (r as { grantedPermissionNames: string[] }).grantedPermissionNames }),
    };
    registerView(role);
    const backend = fakeBackend(() => ({ role: { id: 2, name: 'Clerk' }, permissions: [], grantedPermissionNames: ['Pages.Users'] }));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.editOpened({ resource: 'TestRole', id: 2 }))
      .silentRun(50);
    expect(backend.calls).toEqual([['GET', '/api/services/app/TestRole/GetRoleForEdit', { Id: 2 }]]);
    expect(final(result).crud.byResource.TestRole.editing?.values).toEqual({ id: 2, name: 'Clerk', grantedPermissions: ['Pages.Users'] });
  });
});

describe('delete', () => {
  it('steps back a page when the last row of a page is deleted, then reloads that page', async () => {
    const backend = fakeBackend((method) => (method === 'DELETE' ? null : { totalCount: 20, items: rows(10, 11) }));
    const initial = stateWith({ Wastecode: { currentPage: 3, totalCount: 21, items: rows(1, 21) } });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .dispatch(A.deleteAsked({ resource: 'Wastecode', id: 21, name: 'C21' }))
      .dispatch(A.deleteRequested({ resource: 'Wastecode', id: 21 }))
      .silentRun(50);
    expect(backend.calls).toEqual([
      ['DELETE', '/api/services/app/Wastecode/Delete', { Id: 21 }],
      ['GET', WASTECODE_GETALL, { SkipCount: 10, MaxResultCount: 10 }],
    ]);
    const s = final(result).crud.byResource.Wastecode;
    expect(s.currentPage).toBe(2);
    expect(s.pendingDelete).toBeNull();
    expect(s.items).toHaveLength(10);
  });

  it('stays on the page when other rows remain', async () => {
    const backend = fakeBackend((method) => (method === 'DELETE' ? null : { totalCount: 22, items: rows(2, 21) }));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({ Wastecode: { currentPage: 3, totalCount: 23, items: rows(3, 21) } }))
      .provide(backend.providers)
      .dispatch(A.deleteAsked({ resource: 'Wastecode', id: 23, name: 'C23' }))
      .dispatch(A.deleteRequested({ resource: 'Wastecode', id: 23 }))
      .silentRun(50);
    expect(backend.calls[1]).toEqual(['GET', WASTECODE_GETALL, { SkipCount: 20, MaxResultCount: 10 }]);
    expect(final(result).crud.byResource.Wastecode.currentPage).toBe(3);
  });

  it('keeps the confirmation open with the error when the server refuses', async () => {
    const backend = fakeBackend(() => { throw abpError(500, '内置角色不能删除'); });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({ Wastecode: { items: rows(2) } }))
      .provide(backend.providers)
      .dispatch(A.deleteAsked({ resource: 'Wastecode', id: 1, name: 'C1' }))
      .dispatch(A.deleteRequested({ resource: 'Wastecode', id: 1 }))
      .silentRun(50);
    expect(final(result).crud.byResource.Wastecode.pendingDelete).toMatchObject({ id: 1, deleting: false, error: { message: '内置角色不能删除' } });
    expect(backend.calls).toHaveLength(1);
  });
});

describe('lookup', () => {
  it('drops the lookups a write makes stale elsewhere', async () => {
    registerView({ ...findView('Wastecategory')!, name: 'TestRole2', invalidatesLookups: ['User/GetRoles'] });
    const backend = fakeBackend((method) => (method === 'DELETE' ? null : { totalCount: 0, items: [] }));
    const initial = stateWith({ TestRole2: { items: rows(2) } });
    initial.crud.lookups['User/GetRoles'] = { items: [{ id: 1 }], loading: false, loaded: true, error: null };
    initial.crud.lookups['Wastecategory/GetWastecategoryAll'] = { items: [{ id: 1 }], loading: false, loaded: true, error: null };
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .dispatch(A.deleteAsked({ resource: 'TestRole2', id: 1, name: 'x' }))
      .dispatch(A.deleteRequested({ resource: 'TestRole2', id: 1 }))
      .silentRun(50);
    expect(Object.keys(final(result).crud.lookups)).toEqual(['Wastecategory/GetWastecategoryAll']);
  });

  it('asks once per resource and parameters, then answers from the cache; force reloads', async () => {
    const backend = fakeBackend(() => [{ id: 1, name: '精(蒸)馏残渣' }]);
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.lookupRequested({ resource: 'Wastecategory', method: 'GetWastecategoryAll' }))
      .dispatch(A.lookupRequested({ resource: 'Wastecategory', method: 'GetWastecategoryAll' }))
      .dispatch(A.lookupRequested({ resource: 'Wastecategory', method: 'GetWastecategoryAll', params: { Keyword: 'HW' } }))
      .dispatch(A.lookupRequested({ resource: 'Wastecategory', method: 'GetWastecategoryAll', force: true }))
      .silentRun(50);
    expect(backend.calls).toEqual([
      ['GET', '/api/services/app/Wastecategory/GetWastecategoryAll', {}],
      ['GET', '/api/services/app/Wastecategory/GetWastecategoryAll', { Keyword: 'HW' }],
      ['GET', '/api/services/app/Wastecategory/GetWastecategoryAll', {}],
    ]);
    expect(final(result).crud.lookups[lookupKey('Wastecategory', 'GetWastecategoryAll')]).toMatchObject({ loaded: true, items: [{ id: 1 }] });
  });

  it('unwraps `{items}` results (User/GetRoles, Role/GetAllPermissions)', async () => {
    const backend = fakeBackend(() => ({ items: [{ id: 2, name: 'Admin' }] }));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.lookupRequested({ resource: 'User', method: 'GetRoles' }))
      .silentRun(50);
    expect(final(result).crud.lookups['User/GetRoles'].items).toEqual([{ id: 2, name: 'Admin' }]);
  });
});

describe('segment screens', () => {
  const RECEIVERS = 'EnterpriseInformation@enterpriseinformation_cp';
  const GETALL = '/api/services/app/EnterpriseInformation/GetAll';

  it('always lists the segment’s type, under the resource’s path, into the segment’s own state', async () => {
    const backend = fakeBackend(() => ({ totalCount: 12, items: rows(2, 11) }));
    const initial = stateWith({
      // A type filter somehow left in the state cannot widen the segment.
      [RECEIVERS]: { currentPage: 2, filters: { corporateType: 2, scale: 1 } },
      EnterpriseInformation: { currentPage: 5, items: rows(1, 400), totalCount: 401 },
    });
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .dispatch(A.listRequested({ resource: RECEIVERS }))
      .silentRun(50);
    expect(backend.calls).toEqual([['GET', GETALL, { SkipCount: 10, MaxResultCount: 10, corporateType: 1, scale: 1 }]]);
    const state = final(result).crud.byResource;
    expect(state[RECEIVERS].items.map((r) => r.id)).toEqual([11, 12]);
    expect(state.EnterpriseInformation).toMatchObject({ currentPage: 5, totalCount: 401 });
  });

  it('creates through the resource’s path, drops its lookups and reloads the segment', async () => {
    const backend = fakeBackend((method) => (method === 'POST' ? { id: 5 } : { totalCount: 1, items: rows(1, 5) }));
    const initial = stateWith({});
    initial.crud.lookups[lookupKey('EnterpriseInformation', 'GetEnterpriseInformationAll', { corporateType: 1 })] = {
      items: [], loading: false, loaded: true, error: null,
    };
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, initial)
      .provide(backend.providers)
      .dispatch(A.createOpened({ resource: RECEIVERS, values: { corporateType: [1] } }))
      .dispatch(A.saveRequested({ resource: RECEIVERS, values: { name: '某处置公司', corporateType: [1] } }))
      .silentRun(50);
    expect(backend.calls).toEqual([
      ['POST', '/api/services/app/EnterpriseInformation/Create', { name: '某处置公司', corporateType: [1] }],
      ['GET', GETALL, { SkipCount: 0, MaxResultCount: 10, corporateType: 1 }],
    ]);
    expect(final(result).crud.lookups).toEqual({});
  });

  it('exports the segment under the route’s title with its type', async () => {
    const backend = fakeBackend(() => ({ totalCount: 1, items: [{ id: 1, name: '甲', corporateType: [1, 3] }] }));
    await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.exportRequested({ resource: RECEIVERS, language: 'zh-CN' }))
      .silentRun(50);
    expect(backend.calls).toEqual([['GET', GETALL, { SkipCount: 0, MaxResultCount: 1000, corporateType: 1 }]]);
    expect(backend.workbooks[0].fileName).toBe('接收单位信息-20240305.xlsx');
    expect(backend.workbooks[0].rows[0]['企业类型']).toBe('接收单位、运输单位');
  });
});

describe('scoped list (an enterprise’s inspections)', () => {
  const KEY = 'RegularInspections@enterprise';
  const GETALL = '/api/services/app/RegularInspections/GetAll';

  it('reads the enterprise’s inspections page by page, apart from the inspections screen', async () => {
    const backend = fakeBackend((_m, _u, payload) => ({ totalCount: 13, items: rows(payload?.SkipCount === 10 ? 3 : 10, Number(payload?.SkipCount) + 1) }));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({ RegularInspections: { currentPage: 4 } }))
      .provide(backend.providers)
      .dispatch(A.scopeChanged({ resource: KEY, scope: { EnterpriseId: 5 } }))
      .delay(10)
      .dispatch(A.pageChanged({ resource: KEY, page: 2 }))
      .silentRun(60);
    expect(backend.calls).toEqual([
      ['GET', GETALL, { SkipCount: 0, MaxResultCount: 10, EnterpriseId: 5 }],
      ['GET', GETALL, { SkipCount: 10, MaxResultCount: 10, EnterpriseId: 5 }],
    ]);
    const state = final(result).crud.byResource;
    expect(state[KEY]).toMatchObject({ currentPage: 2, totalCount: 13, loading: false, scope: { EnterpriseId: 5 } });
    expect(state[KEY].items.map((r) => r.id)).toEqual([11, 12, 13]);
    expect(state.RegularInspections.currentPage).toBe(4);
  });

  it('lets the next enterprise’s list win over a slow answer for the previous one', async () => {
    const backend = fakeBackend((_m, _u, payload) => later(payload?.EnterpriseId === 1 ? 40 : 5, { totalCount: 1, items: rows(1, Number(payload?.EnterpriseId) * 100) }));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.scopeChanged({ resource: KEY, scope: { EnterpriseId: 1 } }))
      .dispatch(A.scopeChanged({ resource: KEY, scope: { EnterpriseId: 2 } }))
      .silentRun(80);
    expect(final(result).crud.byResource[KEY].items.map((r) => r.id)).toEqual([200]);
  });
});

describe('record commands', () => {
  const R = 'HazardouswasteInformation';
  const command = { method: 'UpdateStatus', verb: 'PUT' as const, body: { id: 4, status: 1 } };

  it('runs the confirmed command, closes the alert and reloads the page', async () => {
    const backend = fakeBackend((method) => (method === 'PUT' ? null : { totalCount: 1, items: rows(1, 4) }));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({ [R]: { currentPage: 1 } }))
      .provide(backend.providers)
      .dispatch(A.commandAsked({ resource: R, command, message: '停用？' }))
      .dispatch(A.commandRequested({ resource: R, command }))
      .silentRun(50);
    expect(backend.calls).toEqual([
      ['PUT', '/api/services/app/HazardouswasteInformation/UpdateStatus', { id: 4, status: 1 }],
      ['GET', '/api/services/app/HazardouswasteInformation/GetAll', { SkipCount: 0, MaxResultCount: 10 }],
    ]);
    const s = final(result).crud.byResource[R];
    expect(s.pendingCommand).toBeNull();
    expect(s.flash?.kind).toBe('done');
  });

  it('keeps the alert open with the server’s message when the command is refused', async () => {
    const backend = fakeBackend(() => Promise.reject(abpError(400, '状态不能从“停用”变为“停用”')));
    const result = await expectSaga(crudSaga)
      .withReducer(rootReducer, stateWith({}))
      .provide(backend.providers)
      .dispatch(A.commandAsked({ resource: R, command, message: '停用？' }))
      .dispatch(A.commandRequested({ resource: R, command }))
      .silentRun(50);
    expect(backend.calls).toHaveLength(1);
    expect(final(result).crud.byResource[R].pendingCommand).toMatchObject({ running: false, error: { message: '状态不能从“停用”变为“停用”', status: 400 } });
  });
});
