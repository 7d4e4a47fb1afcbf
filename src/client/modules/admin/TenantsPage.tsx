import { useMemo } from 'react';
import { Callout, Tag } from '@blueprintjs/core';
import { ResourcePage, useCrudTranslation, type ColumnRenderer, type FormSection } from '../../crud';
import { tenantView } from './views';

/** Tenant management (host only; the route is host-only and the server checks `Pages.Tenants`). */
export function TenantsPage() {
  const { t } = useCrudTranslation();

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    isActive: (row) => <Tag minimal intent={row.isActive ? 'success' : 'none'}>{t(row.isActive ? 'common.yes' : 'common.no')}</Tag>,
  }), [t]);

  const sections = useMemo<FormSection[]>(() => [{
    key: 'admin-hint',
    mode: 'create',
    render: () => <Callout intent="primary" icon="info-sign" compact>{t('tenants.adminHint')}</Callout>,
  }], [t]);

  return <ResourcePage resource="Tenant" view={tenantView} columnRenderers={columnRenderers} formSections={sections} formWidth={560} />;
}
