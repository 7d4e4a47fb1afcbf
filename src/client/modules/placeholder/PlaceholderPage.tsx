import { NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '../../../shared/navigation';

/** A module whose screens have not landed yet: its menu entry and permission already work. */
export default function PlaceholderPage({ route }: { route: RouteEntry }) {
  const { t } = useTranslation();
  const title = t(`route.${route.name}`);
  return (
    <div className="app-status-page" data-testid="placeholder-page">
      <NonIdealState
        icon="build"
        title={<span data-testid="placeholder-title">{title}</span>}
        description={t('common.placeholderBody')}
        action={route.permission ? <Tag minimal round icon="key">{route.permission}</Tag> : undefined}
      />
    </div>
  );
}
