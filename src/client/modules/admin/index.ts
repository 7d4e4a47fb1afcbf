// Users, roles and tenants: the generic resource screen with local field descriptions and a few extensions.
export { UsersPage, validatePassword } from './UsersPage';
export { RolesPage } from './RolesPage';
export { TenantsPage } from './TenantsPage';
export { PermissionTree } from './PermissionTree';
export { groupPermissions } from './permission-groups';
export { userView, roleView, tenantView } from './views';
