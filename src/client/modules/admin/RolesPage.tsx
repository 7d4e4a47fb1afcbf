import { useMemo } from 'react';
import { Tag } from '@blueprintjs/core';
import { ResourcePage, useCrudTranslation, type ColumnRenderer, type FormSection } from '../../crud';
import { PermissionTree } from './PermissionTree';
import { roleView } from './views';

const grantedOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const CREATE_DEFAULTS = { grantedPermissions: [] };
// Static roles (Admin) are part of the system: the server refuses to delete them, so the screen does not offer it.
const canDelete = (row: Record<string, unknown>) => !row.isStatic;

/** Role management: the generic screen with a permission tree in the dialog. */
export function RolesPage() {
  const { t } = useCrudTranslation();

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    isStatic: (row) => (row.isStatic ? <Tag minimal intent="warning">{t('roles.isStatic')}</Tag> : <span />),
    grantedPermissions: (row) => <span>{grantedOf(row.grantedPermissions).length}</span>,
  }), [t]);

  const sections = useMemo<FormSection[]>(() => [{
    key: 'permissions',
    title: t('roles.permissionsSection'),
    valueKeys: ['grantedPermissions'],
    render: ({ values, setValue, disabled, t: tt }) => (
      <PermissionTree granted={grantedOf(values.grantedPermissions)} disabled={disabled} t={tt}
        onChange={(granted) => setValue('grantedPermissions', granted)} />
    ),
  }], [t]);

  return (
    <ResourcePage
      resource="Role"
      view={roleView}
      columnRenderers={columnRenderers}
      formSections={sections}
      createDefaults={CREATE_DEFAULTS}
      canDelete={canDelete}
      formWidth={780}
    />
  );
}
