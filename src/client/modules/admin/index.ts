// Placeholder seam: users, roles and tenants screens are being written; the shell imports these names.
import type { ComponentType } from 'react';

export const UsersPage: ComponentType = () => null;
export const RolesPage: ComponentType = () => null;
export const TenantsPage: ComponentType = () => null;
