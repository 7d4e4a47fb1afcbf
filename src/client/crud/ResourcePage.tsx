import { clearedByChange } from './form-values';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Button, NonIdealState, OverlayToaster, Toast } from '@blueprintjs/core';
import { useInRouterContext } from 'react-router-dom';
import type { EntityDto } from '../../shared/resource-kit';
import { describeError } from './api-error';
import { CommandAlert } from './CommandAlert';
import { DeleteAlert } from './DeleteAlert';
import { ExportDialog } from './ExportDialog';
import { mergeParts, type ScreenExtension, type ScreenExtensionParts } from './extensions';
import { useTimeZone } from '../session/useTimeZone';
import { displayText } from './format';
import { useCrudDispatch, useCrudTranslation, useFittingHeight, useResourceState } from './hooks';
import { ResourceForm } from './ResourceForm';
import { ResourcePager } from './ResourcePager';
import { RecordFromQuery } from './RecordFromQuery';
import { HEADER_HEIGHT, ROW_HEIGHT, ResourceTable } from './ResourceTable';
import { ResourceToolbar } from './ResourceToolbar';
import { crudActions as A } from './slice';
import type { ResourceView, Translate } from './types';
import { findView, fixedValues, screenKey } from './view';

/** The generic screen's props: which resource, and the same parts an extension may add. */
export interface ResourcePageProps extends Omit<ScreenExtensionParts, 'children'> {
  /** Resource name (case-insensitive); the slice key is the view's name. */
  resource: string;
  /** What the resource's screen adds to the generic one (every segment of the resource gets it too). */
  extension?: ScreenExtension;
  /**
   * A declared segment of the resource (route name, e.g. `enterpriseinformation_cp`): the screen lists only that
   * segment, keeps its own paging and filters, and is titled by the route.
   */
  segment?: string;
  canCreate?: boolean;
}

const FLASH_TEXT = { saved: 'common.saved', deleted: 'common.deleted', done: 'crud.done' } as const;

const PAGER_HEIGHT = 44;
const SCROLLBAR = 17;
const SKELETON_ROWS = 10;

/** The text naming a record in messages: its display field (a time on the clock of `zone`), else its id. */
export function recordName(view: ResourceView, row: EntityDto, t: Translate, zone: string): string {
  const def = view.fields[view.displayField];
  const text = def ? displayText(view.displayField, def, row, t, zone) : '';
  return text || `#${row.id}`;
}

/** Height for the table: its rows, but no lower than the window allows (the pager stays on screen). */
const useTableHeight = (rows: number) => useFittingHeight(HEADER_HEIGHT + ROW_HEIGHT * Math.max(rows, 1) + SCROLLBAR,
  { min: HEADER_HEIGHT + ROW_HEIGHT * 5, below: PAGER_HEIGHT + 16 });

/** The generic list screen of one resource: toolbar, table, pager, form dialog, delete confirmation and export. */
export function ResourcePage(props: ResourcePageProps) {
  const view = props.view ?? findView(screenKey(props.resource, props.segment));
  const { t } = useCrudTranslation();
  if (!view) {
    return <NonIdealState icon="error" title={t('common.loadFailed')} description={props.resource} />;
  }
  const { extension } = props;
  // Keyed by screen: another resource or segment is another set of hooks.
  return extension
    ? <ExtendedScreen key={view.name} {...props} view={view} extension={extension} />
    : <ResourceScreen key={view.name} {...props} view={view} />;
}

/** The screen with the parts its resource's extension adds. */
function ExtendedScreen({ extension, ...props }: ResourcePageProps & { view: ResourceView; extension: ScreenExtension }) {
  const { t, language } = useCrudTranslation();
  const zone = useTimeZone();
  const parts = extension({ view: props.view, t, language, zone });
  const merged = mergeParts(parts, props);
  return (
    <>
      <ResourceScreen {...props} {...merged} view={merged.view ?? props.view} />
      {merged.children}
    </>
  );
}

function ResourceScreen(props: ResourcePageProps & { view: ResourceView }) {
  const { view, columnRenderers, formSections, transformPayload, deriveValues, toolbarActions, rowActions } = props;
  const { createDefaults, formWidth } = props;
  const never = () => false;
  const canCreate = !view.readOnly && (props.canCreate ?? true);
  const canEdit = view.readOnly ? never : props.canEdit;
  const canDelete = view.readOnly ? never : props.canDelete;
  const resource = view.name;
  const state = useResourceState(resource);
  const dispatch = useCrudDispatch();
  const { t, language } = useCrudTranslation();
  const zone = useTimeZone();
  const title = t(view.i18n.title);
  // Screens shown outside a router (embedded lists, tests) have no address to read `?id=` from.
  const inRouter = useInRouterContext();

  // Every visit shows fresh rows with the query the clerk left (it lives in the store).
  useEffect(() => {
    dispatch(A.listRequested({ resource }));
  }, [dispatch, resource]);

  const showSkeleton = state.loading && state.items.length === 0;
  const { ref: tableBox, height } = useTableHeight(showSkeleton ? SKELETON_ROWS : state.items.length);
  const hasQuery = state.keyword !== '' || Object.keys(state.filters).length > 0;
  const empty = !state.loading && !state.error && state.loaded && state.items.length === 0;

  const openCreate = () => dispatch(A.createOpened({ resource, values: { ...fixedValues(view), ...createDefaults } }));
  const openEdit = (row: EntityDto) => dispatch(A.editOpened({ resource, id: row.id, row }));
  // The dialog opens empty and fills from the record's `Get` (the row may not be on this page).
  const openById = useCallback((id: number) => dispatch(A.editOpened({ resource, id })), [dispatch, resource]);
  const askDelete = (row: EntityDto) => dispatch(A.deleteAsked({ resource, id: row.id, name: recordName(view, row, t, zone) }));

  let body: ReactNode;
  if (state.error && !state.loading) {
    body = (
      <div data-testid="error-state"><NonIdealState
        icon="error"
        title={t('common.loadFailed')}
        description={describeError(state.error)}
        action={<Button icon="refresh" intent="primary" text={t('common.retry')} data-testid="btn-retry"
          onClick={() => dispatch(A.listRequested({ resource }))} />}
      /></div>
    );
  } else if (empty) {
    body = (
      <div data-testid="empty-state" style={{ padding: '24px 0' }}><NonIdealState
        icon={hasQuery ? 'search' : 'inbox'}
        title={hasQuery ? t('crud.noMatch') : t('common.empty')}
        description={hasQuery ? t('crud.noMatchHint') : canCreate ? t('crud.emptyHint') : undefined}
        action={hasQuery
          ? <Button icon="filter-remove" text={t('common.reset')} onClick={() => dispatch(A.queryReset({ resource }))} />
          : canCreate ? <Button icon="add" intent="primary" text={t('common.create')} onClick={openCreate} /> : undefined}
      /></div>
    );
  } else {
    body = (
      <ResourceTable
        view={view}
        items={state.items}
        loading={state.loading}
        skeletonRows={SKELETON_ROWS}
        rowOffset={(state.currentPage - 1) * state.pageSize}
        sorting={state.sorting}
        t={t}
        height={height}
        onSort={(sorting) => dispatch(A.sortingChanged({ resource, sorting }))}
        onEdit={openEdit}
        onDelete={askDelete}
        columnRenderers={columnRenderers}
        rowActions={rowActions}
        canEdit={canEdit}
        canDelete={canDelete}
      />
    );
  }

  const editing = state.editing;
  return (
    <div data-testid={`resource-page-${resource}`} data-resource={resource} style={{ display: 'flex', flexDirection: 'column' }}>
      {inRouter && !view.readOnly && <RecordFromQuery onOpen={openById} />}
      <ResourceToolbar
        view={view}
        keyword={state.keyword}
        filters={state.filters}
        loading={state.loading}
        exporting={state.exportProgress !== null}
        canCreate={canCreate}
        t={t}
        onSearch={(keyword) => dispatch(A.keywordSearched({ resource, keyword }))}
        onFilter={(name, value) => {
          dispatch(A.filterChanged({ resource, name, value }));
          // A street chosen for another district no longer narrows anything.
          for (const other of Object.keys(clearedByChange(view, state.filters, { [name]: value }))) {
            if (state.filters[other] !== undefined) dispatch(A.filterChanged({ resource, name: other, value: null }));
          }
        }}
        onReset={() => dispatch(A.queryReset({ resource }))}
        onRefresh={() => dispatch(A.listRequested({ resource }))}
        onCreate={openCreate}
        onExport={() => dispatch(A.exportRequested({ resource, language }))}
        extra={toolbarActions}
      />
      <div ref={tableBox}>{body}</div>
      <ResourcePager resource={resource} state={state} t={t} />

      {editing && (
        <ResourceForm
          key={`${editing.mode}-${editing.id ?? 'new'}-${editing.loading ? 'loading' : 'ready'}`}
          view={view}
          editing={editing}
          saving={state.saving}
          title={t(editing.mode === 'create' ? 'crud.createTitle' : 'crud.editTitle', { title })}
          t={t}
          language={language}
          sections={formSections}
          transformPayload={transformPayload}
          deriveValues={deriveValues}
          width={formWidth}
          onSave={(values) => dispatch(A.saveRequested({ resource, values }))}
          onClose={() => dispatch(A.editClosed({ resource }))}
        />
      )}
      {state.pendingDelete && (
        <DeleteAlert
          pending={state.pendingDelete}
          t={t}
          onConfirm={() => dispatch(A.deleteRequested({ resource, id: state.pendingDelete!.id }))}
          onCancel={() => dispatch(A.deleteCancelled({ resource }))}
        />
      )}
      {state.pendingCommand && (
        <CommandAlert
          pending={state.pendingCommand}
          t={t}
          onConfirm={() => dispatch(A.commandRequested({ resource, command: state.pendingCommand!.command }))}
          onCancel={() => dispatch(A.commandCancelled({ resource }))}
        />
      )}
      {state.exportProgress && (
        <ExportDialog title={title} progress={state.exportProgress} t={t} onCancel={() => dispatch(A.exportCancelled({ resource }))} />
      )}
      <OverlayToaster position="top">
        {state.flash && (
          <Toast
            key={state.flash.seq}
            intent="success"
            icon="tick"
            timeout={2000}
            message={t(FLASH_TEXT[state.flash.kind])}
            onDismiss={() => dispatch(A.flashCleared({ resource }))}
          />
        )}
      </OverlayToaster>
    </div>
  );
}
