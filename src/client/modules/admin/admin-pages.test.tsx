/** @jest-environment jsdom */
import { crudActions as A, type CrudRootState, type EditingState } from '../../crud';
import { screenTestSetup, byTestId, click, mockStore, openMultiSelect, render, typeInto } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { RolesPage, TenantsPage, UsersPage } from '.';

screenTestSetup();

const ROLES = [
  { id: 1, name: 'Admin', displayName: '管理员', normalizedName: 'ADMIN', isStatic: true, grantedPermissions: ['Pages.Users', 'Pages.Roles'] },
  { id: 2, name: 'Clerk', displayName: '录入员', normalizedName: 'CLERK', isStatic: false, grantedPermissions: ['Pages.Wastecode'] },
];
const USERS = [
  { id: 1, userName: 'admin', name: 'admin', surname: 'admin', emailAddress: 'admin@defaulttenant.com', isActive: true, roleNames: ['ADMIN'], creationTime: '2024-01-02T03:04:05', enterpriseIds: [], enterpriseNames: [] },
  {
    id: 7, userName: 'zhangsan', name: '三', surname: '张', emailAddress: 'zs@example.com', isActive: false, roleNames: ['CLERK'], creationTime: '2024-06-30T12:00:00',
    enterpriseIds: [11, 12], enterpriseNames: ['甲化工', '乙运输'],
  },
];
const ENTERPRISES = [
  { id: 11, name: '甲化工', creditCode: 'c1', corporateType: [2] },
  { id: 12, name: '乙运输', creditCode: 'c2', corporateType: [3] },
  { id: 13, name: '丙处置', creditCode: 'c3', corporateType: [1] },
];
const PERMISSIONS = [
  { id: 0, name: 'Pages.Users', displayName: 'Users' },
  { id: 0, name: 'Pages.Roles', displayName: 'Roles' },
  { id: 0, name: 'Pages.Wastecode', displayName: 'Waste codes' },
  { id: 0, name: 'Pages.Wastecategory', displayName: 'Waste categories' },
];

const creating: EditingState = { mode: 'create', id: null, values: {}, loading: false, fieldErrors: {}, error: null, loadFailed: false };

function storeWith(resource: string, extra: Partial<CrudRootState['crud']['byResource'][string]>) {
  const root = stateWith({ [resource]: { loaded: true, ...extra } });
  root.crud.lookups['User/GetRoles'] = { items: ROLES, loading: false, loaded: true, error: null };
  root.crud.lookups['Role/GetAllPermissions'] = { items: PERMISSIONS, loading: false, loaded: true, error: null };
  root.crud.lookups['EnterpriseInformation/GetEnterpriseInformationAll'] = { items: ENTERPRISES, loading: false, loaded: true, error: null };
  return mockStore(root);
}

const actionsOf = (dispatched: { type: string }[]) => dispatched.filter((a) => a.type !== A.lookupRequested.type);


describe('UsersPage', () => {
  it('lists users with role display names, an active filter and Chinese dates', () => {
    const mock = storeWith('User', { items: USERS, totalCount: 2 });
    render(<UsersPage />, mock.store);
    const table = byTestId('resource-table')!;
    expect(table.textContent).toContain('zhangsan');
    expect(table.textContent).toContain('录入员');
    expect(table.textContent).toContain('2024-06-30 12:00');
    expect(table.textContent).toContain('用户名');
    expect(table.textContent).toContain('关联企业');
    expect(table.textContent).toContain('甲化工、乙运输');
    const filter = byTestId('filter-isActive') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.text)).toEqual(['是否激活：全部', '是否激活：是', '是否激活：否']);
    typeInto(filter, 'false');
    expect(actionsOf(mock.dispatched).at(-1)).toEqual(A.filterChanged({ resource: 'User', name: 'isActive', value: false }));
  });

  it('creates a user with a confirmed password and checked roles', () => {
    const mock = storeWith('User', { items: USERS, totalCount: 2, editing: { ...creating, values: { roleNames: [], password: '', confirmPassword: '' } } });
    render(<UsersPage />, mock.store);
    typeInto(byTestId('form-field-userName'), 'lisi');
    typeInto(byTestId('form-field-surname'), '李');
    typeInto(byTestId('form-field-name'), '四');
    typeInto(byTestId('form-field-emailAddress'), 'lisi@example.com');
    typeInto(byTestId('form-field-password'), 'secret1');
    typeInto(byTestId('form-field-confirmPassword'), 'secret2');
    click(byTestId('role-CLERK'));
    click(byTestId('btn-save'));
    expect(byTestId('resource-form')!.textContent).toContain('两次输入的密码不一致');
    expect(actionsOf(mock.dispatched).some((a) => a.type === A.saveRequested.type)).toBe(false);

    typeInto(byTestId('form-field-confirmPassword'), 'secret1');
    openMultiSelect('form-field-enterpriseIds');
    click(byTestId('form-field-enterpriseIds-option-13'));
    click(byTestId('btn-save'));
    expect(actionsOf(mock.dispatched).at(-1)).toEqual(A.saveRequested({
      resource: 'User',
      values: {
        userName: 'lisi', surname: '李', name: '四', emailAddress: 'lisi@example.com', isActive: true, enterpriseIds: [13],
        password: 'secret1', roleNames: ['CLERK'], qareaIds: [], sareaIds: [], careaIds: [], vareaIds: [],
      },
    }));
  });

  it('edits without a password field and keeps the roles', () => {
    const mock = storeWith('User', { items: USERS, totalCount: 2, editing: { ...creating, mode: 'edit', id: 7, values: USERS[1] } });
    render(<UsersPage />, mock.store);
    expect(byTestId('form-field-password')).toBeNull();
    expect((byTestId('role-CLERK')! as HTMLInputElement).checked).toBe(true);
    expect(byTestId('form-field-enterpriseIds-tag-11')!.textContent).toBe('甲化工');
    expect(byTestId('form-field-enterpriseIds-tag-12')!.textContent).toBe('乙运输');
    click(byTestId('btn-save'));
    expect(actionsOf(mock.dispatched).at(-1)).toEqual(A.saveRequested({
      resource: 'User',
      values: {
        userName: 'zhangsan', surname: '张', name: '三', emailAddress: 'zs@example.com', isActive: false, enterpriseIds: [11, 12], roleNames: ['CLERK'],
        qareaIds: [], sareaIds: [], careaIds: [], vareaIds: [],
      },
    }));
  });

  it('asks for the whole enterprise directory for the picker', () => {
    const mock = storeWith('User', { items: USERS, totalCount: 2, editing: creating });
    render(<UsersPage />, mock.store);
    const asked = mock.dispatched.filter((a) => a.type === A.lookupRequested.type) as ReturnType<typeof A.lookupRequested>[];
    expect(asked.map((a) => a.payload)).toContainEqual({ resource: 'EnterpriseInformation', method: 'GetEnterpriseInformationAll', params: {} });
  });
});

describe('RolesPage', () => {
  it('does not offer to delete a static role', () => {
    render(<RolesPage />, storeWith('Role', { items: ROLES, totalCount: 2 }).store);
    expect((byTestId('row-delete-1') as HTMLButtonElement).disabled).toBe(true);
    expect((byTestId('row-delete-2') as HTMLButtonElement).disabled).toBe(false);
  });

  it('grants permissions by group in the tree and sends them with the role', () => {
    const mock = storeWith('Role', { items: ROLES, totalCount: 2, editing: { ...creating, mode: 'edit', id: 2, values: ROLES[1] } });
    render(<RolesPage />, mock.store);
    const basic = byTestId('perm-group-basicinformation') as HTMLInputElement;
    expect(basic.indeterminate).toBe(true);
    expect(byTestId('permission-count')!.textContent).toBe('已选 1 / 4 项');
    click(basic);
    expect((byTestId('perm-Pages.Wastecategory') as HTMLInputElement).checked).toBe(true);
    expect(byTestId('permission-count')!.textContent).toBe('已选 2 / 4 项');
    click(byTestId('perm-Pages.Users'));
    click(byTestId('btn-save'));
    const saved = actionsOf(mock.dispatched).at(-1) as ReturnType<typeof A.saveRequested>;
    expect(saved.type).toBe(A.saveRequested.type);
    expect(saved.payload.values).toMatchObject({ name: 'Clerk', displayName: '录入员' });
    expect([...(saved.payload.values.grantedPermissions as string[])].sort()).toEqual(['Pages.Users', 'Pages.Wastecategory', 'Pages.Wastecode']);
  });
});

describe('TenantsPage', () => {
  it('checks the tenancy name rule and tells who the new admin is', () => {
    const mock = storeWith('Tenant', { items: [], totalCount: 0, editing: creating });
    render(<TenantsPage />, mock.store);
    expect(byTestId('resource-form')!.textContent).toContain('admin');
    typeInto(byTestId('form-field-tenancyName'), '1abc');
    typeInto(byTestId('form-field-name'), '某某环保');
    click(byTestId('btn-save'));
    expect(byTestId('resource-form')!.textContent).toContain('租户编码格式不正确（以字母开头，可含字母、数字、- 和 _）');
    typeInto(byTestId('form-field-tenancyName'), 'Acme');
    click(byTestId('btn-save'));
    expect(actionsOf(mock.dispatched).at(-1)).toEqual(A.saveRequested({ resource: 'Tenant', values: { tenancyName: 'Acme', name: '某某环保', isActive: true } }));
  });
});
