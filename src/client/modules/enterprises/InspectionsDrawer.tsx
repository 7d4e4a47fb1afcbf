import { Button, Classes, Drawer, DrawerSize, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  crudActions as A, describeError, displayText, findView, listFieldNames, ResourcePager, screenKey, useCrudDispatch,
  useCrudTranslation, useResourceState,
} from '../../crud';
import { useTimeZone } from '../../session/useTimeZone';

/** The inspections list of the drawer keeps its own paging, apart from the inspections screen. */
export const INSPECTIONS_KEY = screenKey('RegularInspections', 'enterprise');
/** The filter of `RegularInspections/GetAll` naming the enterprise. */
const ENTERPRISE_PARAM = 'EnterpriseId';

export interface InspectedEnterprise {
  id: number;
  name: string;
}

/** Opens the drawer's list on an enterprise (first page, none of another enterprise's rows shown meanwhile). */
export const inspectionsOpened = (enterpriseId: number) =>
  A.scopeChanged({ resource: INSPECTIONS_KEY, scope: { [ENTERPRISE_PARAM]: enterpriseId } });

/** An enterprise's regular inspections, newest first, a page at a time. */
export function InspectionsDrawer({ enterprise, onClose }: { enterprise: InspectedEnterprise | null; onClose: () => void }) {
  const { t } = useCrudTranslation();
  const zone = useTimeZone();
  const dispatch = useCrudDispatch();
  const state = useResourceState(INSPECTIONS_KEY);
  const view = findView(INSPECTIONS_KEY);
  // The enterprise is the drawer's subject: no column for it.
  const columns = view ? listFieldNames(view).filter((name) => name !== 'enterpriseId' && view.fields[name].kind !== 'files') : [];

  let body;
  if (state.error && !state.loading) {
    body = (
      <div data-testid="inspections-error"><NonIdealState icon="error" title={t('common.loadFailed')} description={describeError(state.error)}
        action={<Button icon="refresh" text={t('common.retry')} data-testid="inspections-retry"
          onClick={() => dispatch(A.listRequested({ resource: INSPECTIONS_KEY }))} />} /></div>
    );
  } else if (state.loading && state.items.length === 0) {
    body = <div data-testid="inspections-loading" style={{ padding: 40, textAlign: 'center' }}><Spinner size={28} /></div>;
  } else if (state.loaded && state.items.length === 0) {
    body = <div data-testid="inspections-empty"><NonIdealState icon="clipboard" title={t('enterprises.noInspections')} /></div>;
  } else {
    body = (
      <HTMLTable compact striped style={{ width: '100%', opacity: state.loading ? 0.6 : 1 }} data-testid="inspections-table">
        <thead>
          <tr>
            <th>{t('crud.rowNumber')}</th>
            {columns.map((name) => <th key={name}>{t(view!.i18n.field(name))}</th>)}
          </tr>
        </thead>
        <tbody>
          {state.items.map((row, index) => (
            <tr key={row.id} data-testid={`inspection-row-${row.id}`}>
              <td>{(state.currentPage - 1) * state.pageSize + index + 1}</td>
              {columns.map((name) => <td key={name}>{displayText(name, view!.fields[name], row, t, zone)}</td>)}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <Drawer isOpen={enterprise !== null} onClose={onClose} size={DrawerSize.LARGE} icon="clipboard"
      title={enterprise ? t('enterprises.inspectionsTitle', { name: enterprise.name }) : ''}>
      <div className={Classes.DRAWER_BODY} data-testid="inspections-drawer" data-enterprise={enterprise?.id}
        data-loading={state.loading ? 'true' : 'false'}>
        <div style={{ padding: 12 }}>{body}</div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <ResourcePager resource={INSPECTIONS_KEY} state={state} t={t} testIdPrefix="inspections-" />
      </div>
    </Drawer>
  );
}
