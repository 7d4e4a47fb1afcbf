/** Users, roles and tenants (src/client/modules/admin): `users.*`, `roles.*`, `tenants.*`. */
export const ADMIN_TEXTS = {
  // User management (src/client/modules/admin); the field labels double as the local field declarations' labels.
  users: {
    title: { zh: '用户', en: 'User' },
    userName: { zh: '用户名', en: 'User name' },
    name: { zh: '名', en: 'Name' },
    surname: { zh: '姓', en: 'Surname' },
    emailAddress: { zh: '电子邮箱', en: 'Email address' },
    isActive: { zh: '是否激活', en: 'Active' },
    roleNames: { zh: '角色', en: 'Roles' },
    creationTime: { zh: '创建时间', en: 'Created' },
    lastLoginTime: { zh: '最后登录', en: 'Last login' },
    password: { zh: '密码', en: 'Password' },
    confirmPassword: { zh: '确认密码', en: 'Confirm password' },
    passwordMismatch: { zh: '两次输入的密码不一致', en: 'The passwords do not match' },
    passwordSection: { zh: '登录密码', en: 'Password' },
    rolesSection: { zh: '分配角色', en: 'Roles' },
    noRoles: { zh: '暂无可分配的角色', en: 'No roles to assign' },
    enterpriseIds: { zh: '关联企业', en: 'Enterprises' },
    qareaIds: { zh: '负责区', en: 'Districts worked in' },
    sareaIds: { zh: '负责街道', en: 'Streets worked in' },
    careaIds: { zh: '负责社区', en: 'Communities worked in' },
    vareaIds: { zh: '负责小区', en: 'Compounds worked in' },
  },
  // Role management.
  roles: {
    title: { zh: '角色', en: 'Role' },
    name: { zh: '角色名', en: 'Role name' },
    displayName: { zh: '显示名称', en: 'Display name' },
    description: { zh: '描述', en: 'Description' },
    isStatic: { zh: '内置', en: 'Static' },
    grantedPermissions: { zh: '权限', en: 'Permissions' },
    permissionsSection: { zh: '授予权限', en: 'Granted permissions' },
    otherPermissions: { zh: '其他', en: 'Other' },
    permissionCount: { zh: '已选 {{count}} / {{total}} 项', en: '{{count}} of {{total}} selected' },
    selectAll: { zh: '全选', en: 'Select all' },
    staticNotDeletable: { zh: '内置角色不能删除', en: 'A static role cannot be deleted' },
  },
  // Tenant management (host only).
  tenants: {
    title: { zh: '租户', en: 'Tenant' },
    tenancyName: { zh: '租户编码', en: 'Tenancy name' },
    tenancyNameHint: { zh: '以字母开头，可含字母、数字、- 和 _', en: 'Starts with a letter; letters, digits, - and _' },
    name: { zh: '租户名称', en: 'Name' },
    isActive: { zh: '是否激活', en: 'Active' },
    adminHint: { zh: '新租户将自动创建管理员 admin，初始密码 123qwe', en: 'A new tenant gets an admin user “admin” with password 123qwe' },
  },
};
