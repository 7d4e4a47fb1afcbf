import '@blueprintjs/table/lib/css/table.css';
import { Breadcrumbs, Button, Card, type BreadcrumbProps } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { RECYCLING_TEXTS } from '../../../shared/locales/recycling';
import { useAppDispatch, useChunkSagas } from '../../app/hooks';
import {
  crudActions, findView, ResourcePage, selectResourceState, useCrudSelector, useCrudTranslation, type ResourceView,
} from '../../crud';
import { addScreenTexts } from '../../i18n';
import { createDefaultsOf, tableKeyOf, tableScopeOf, type AreaNode } from './areaLevels';
import { importOpened, watchAreaImport } from './areaImport';
import { AreaTree } from './AreaTree';
import { ImportDialog } from './ImportDialog';

addScreenTexts('recycling', RECYCLING_TEXTS);

/**
 * The table's view: the levels the chosen row fixes are in the breadcrumbs, not in columns or filters (the form keeps
 * them, to move a row elsewhere).
 */
function scopedView(key: string, node: AreaNode | null): ResourceView | undefined {
  const view = findView(key);
  if (!view || !node) return view;
  const fields = { ...view.fields };
  for (const name of Object.keys(node.path)) if (fields[name]) fields[name] = { ...fields[name], filterable: false, list: false };
  return { ...view, fields };
}

/**
 * The area hierarchy: the tree of districts, streets and communities on the left, and on the right the rows of the
 * level below the chosen one in the engine's table (created under the chosen row), with the import of divisions.
 */
export default function AreaPage() {
  useChunkSagas(watchAreaImport);
  const { t } = useCrudTranslation();
  const dispatch = useAppDispatch();
  const [selected, setSelected] = useState<AreaNode | null>(null);
  const key = tableKeyOf(selected);
  const [resource, variant] = key.split('@');
  const scope = tableScopeOf(selected);
  const view = useMemo(() => scopedView(key, selected), [key, selected]);
  const currentScope = useCrudSelector((state) => selectResourceState(state, key).scope, shallowEqual);
  const scoped = shallowEqual(currentScope, scope);

  // The table lists only the chosen row's children: its scope is set before it shows any row.
  useEffect(() => {
    if (!scoped) dispatch(crudActions.scopeChanged({ resource: key, scope }));
  });

  const crumbs: BreadcrumbProps[] = [
    { text: t('recycling.allDistricts'), icon: 'globe', onClick: () => setSelected(null) },
    ...(selected ? [...selected.above, selected] : []).map((node) => ({ text: node.name, onClick: () => setSelected(node) })),
  ];

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }} data-testid="area-page">
      <Card style={{ width: 280, flex: 'none', padding: 8, maxHeight: 'calc(100vh - 150px)', overflow: 'auto' }}>
        <AreaTree selected={selected} onSelect={setSelected} />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div data-testid="area-breadcrumbs" style={{ marginBottom: 8 }}><Breadcrumbs items={crumbs} /></div>
        {scoped && (
          <ResourcePage key={key} resource={resource} segment={variant} view={view} createDefaults={createDefaultsOf(selected)}
            toolbarActions={selected === null
              ? <Button icon="import" text={t('recycling.importDivisions')} data-testid="area-import" onClick={() => dispatch(importOpened())} />
              : undefined} />
        )}
      </div>
      <ImportDialog />
    </div>
  );
}
