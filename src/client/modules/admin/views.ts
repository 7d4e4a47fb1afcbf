import { UI_TEXTS } from '../../../shared/locales/ui';
import { findRouteByName } from '../../../shared/navigation';
import { field, type FieldDef, type Label } from '../../../shared/resource-kit';
import { registerView, STANDARD_METHODS, type ResourceView } from '../../crud';

// Users, roles and tenants are special on the server (ABP's own services), so they have no declaration in
// src/shared/resources. They are described here with the same field shapes so that the generic table, form and
// export render them. The title and field labels are the `users.*`, `roles.*`, `tenants.*` interface texts, so each
// is written once.

type Area = 'users' | 'roles' | 'tenants';

/**
 * A screen of a service the declarations do not describe (users, roles, tenants). Its route is the service's name in
 * lower case (its label is the view's label) and its texts are under the plural: `User` → route `user`, texts `users`.
 */
function localView(options: {
  name: 'User' | 'Role' | 'Tenant';
  fields: Record<string, FieldDef>;
  displayField: string;
} & Partial<Pick<ResourceView, 'methods' | 'filterParams' | 'fromGetResult' | 'invalidatesLookups'>>): ResourceView {
  const { name, fields, displayField, methods, filterParams, fromGetResult, invalidatesLookups } = options;
  const route = name.toLowerCase();
  const area: Area = `${route}s` as `${Lowercase<typeof name>}s`;
  return registerView({
    name,
    label: findRouteByName(route)?.label ?? { zh: name, en: name },
    fields,
    fieldNames: Object.keys(fields),
    displayField,
    i18n: { title: `${area}.title`, field: (f) => `${area}.${f}` },
    methods: methods ?? STANDARD_METHODS,
    filterParams,
    fromGetResult,
    invalidatesLookups,
  });
}

const L = <A extends Area>(area: A, key: keyof (typeof UI_TEXTS)[A]): Label => UI_TEXTS[area][key] as Label;

// ABP's limits: user name and email 256, name and surname 64; role name 32, display name 64; tenancy name 64.
const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
export const PASSWORD_MAX_LENGTH = 32;

export const userView = localView({
  name: 'User',
  displayField: 'userName',
  filterParams: { isActive: 'IsActive' },
  fields: {
    userName: field.string(L('users', 'userName'), { required: true, maxLength: 256, sortable: true, searchable: true, width: 130 }),
    surname: field.string(L('users', 'surname'), { required: true, maxLength: 64, sortable: true, searchable: true, width: 80 }),
    name: field.string(L('users', 'name'), { required: true, maxLength: 64, sortable: true, searchable: true, width: 90 }),
    emailAddress: field.string(L('users', 'emailAddress'), {
      required: true, maxLength: 256, pattern: EMAIL_PATTERN, sortable: true, searchable: true, width: 210,
    }),
    // Edited with the role checkboxes of the dialog, shown with the roles' display names.
    roleNames: field.string(L('users', 'roleNames'), { form: false, width: 180 }),
    // A user linked to enterprises sees and changes only their rows; the table shows `enterpriseNames`.
    enterpriseIds: field.reference(L('users', 'enterpriseIds'), 'EnterpriseInformation', { multiple: true, width: 220 }),
    // A user linked to recycling-scheme areas (a street office's) sees and changes only what lies within them.
    qareaIds: field.reference(L('users', 'qareaIds'), 'Qarea', { multiple: true, list: false }),
    sareaIds: field.reference(L('users', 'sareaIds'), 'Sarea', { multiple: true, list: false }),
    careaIds: field.reference(L('users', 'careaIds'), 'Carea', { multiple: true, list: false }),
    vareaIds: field.reference(L('users', 'vareaIds'), 'Varea', { multiple: true, list: false }),
    isActive: field.boolean(L('users', 'isActive'), { default: true, filterable: true, width: 80 }),
    creationTime: field.datetime(L('users', 'creationTime'), { form: false, sortable: true, width: 140 }),
  },
});

interface RoleForEdit {
  role: Record<string, unknown>;
  grantedPermissionNames?: string[];
}

export const roleView = localView({
  name: 'Role',
  displayField: 'displayName',
  // GetRoleForEdit returns the role with its granted permission names beside it.
  methods: { ...STANDARD_METHODS, get: 'GetRoleForEdit' },
  // The user dialog's role checkboxes come from User/GetRoles.
  invalidatesLookups: ['User/GetRoles'],
  fromGetResult: (result) => {
    const { role, grantedPermissionNames = [] } = result as RoleForEdit;
    return { ...role, grantedPermissions: grantedPermissionNames };
  },
  fields: {
    name: field.string(L('roles', 'name'), { required: true, maxLength: 32, sortable: true, searchable: true, width: 140 }),
    displayName: field.string(L('roles', 'displayName'), { required: true, maxLength: 64, sortable: true, searchable: true, width: 160 }),
    description: field.text(L('roles', 'description'), { maxLength: 5000, searchable: true, width: 320 }),
    isStatic: field.boolean(L('roles', 'isStatic'), { form: false, width: 70 }),
    // Edited with the permission tree of the dialog; the table shows how many.
    grantedPermissions: field.string(L('roles', 'grantedPermissions'), { form: false, width: 110 }),
  },
});

// ABP's tenancy name rule: a letter, then letters, digits, - or _.
const TENANCY_NAME_PATTERN = '^[a-zA-Z][a-zA-Z0-9_-]{1,}$';

export const tenantView = localView({
  name: 'Tenant',
  displayField: 'name',
  filterParams: { isActive: 'IsActive' },
  fields: {
    tenancyName: field.string(L('tenants', 'tenancyName'), {
      required: true, maxLength: 64, pattern: TENANCY_NAME_PATTERN, patternHint: L('tenants', 'tenancyNameHint'),
      sortable: true, searchable: true, width: 160,
    }),
    name: field.string(L('tenants', 'name'), { required: true, maxLength: 128, sortable: true, searchable: true, width: 240 }),
    isActive: field.boolean(L('tenants', 'isActive'), { default: true, filterable: true, width: 90 }),
  },
});
