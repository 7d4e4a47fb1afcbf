import { useEffect, useMemo } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import { describeError } from '../../crud/api-error';
import { ExportDialog } from '../../crud/ExportDialog';
import { useCrudDispatch, useCrudSelector, useCrudTranslation, useResourceState } from '../../crud/hooks';
import { ResourcePager } from '../../crud/ResourcePager';
import { HEADER_HEIGHT, ROW_HEIGHT, ResourceTable, type ColumnRenderer, type RowAction } from '../../crud/ResourceTable';
import { ResourceToolbar } from '../../crud/ResourceToolbar';
import { crudActions as A } from '../../crud/slice';
import { findView } from '../../crud/view';
import { ListFilters } from './ListFilters';
import { listHidden, listShown } from './ordersSlice';
import { StatusTag, STATUS_FIELDS, tonnes } from './StatusTags';
import { selectListRows, type TransferRootState } from './transferSlice';
import { listKey, type TransferList } from './transferView';
import type { TransferOrderDto } from './types';
import { useLiveStreams } from '../../realtime/useLiveStreams';

interface TransferListPanelProps {
  list: TransferList;
  canCreate: boolean;
  canEdit: (row: TransferOrderDto) => boolean;
  canDelete: (row: TransferOrderDto) => boolean;
  onOpen: (row: TransferOrderDto) => void;
  onCreate: () => void;
  onEdit: (row: TransferOrderDto) => void;
  onDelete: (row: TransferOrderDto) => void;
}

const MAX_TABLE_HEIGHT = 560;
const SCROLLBAR = 17;

/** One list of the screen (C or S): the generic toolbar, table, pager and export over its own crud key. */
/** A list reloads when an order it may show changes. */
const TRANSFER_STREAMS = ['transfer'] as const;

export function TransferListPanel(props: TransferListPanelProps) {
  const { list, canCreate, canEdit, canDelete, onOpen, onCreate, onEdit, onDelete } = props;
  const key = listKey(list);
  const view = findView(key)!;
  const state = useResourceState(key);
  const rows = useCrudSelector((s) => selectListRows(s as TransferRootState, key));
  const dispatch = useCrudDispatch();
  const { t, language } = useCrudTranslation();
  const prefix = `list-${list}-`;

  // On screen: loaded (with its scope) and reloaded by hub pushes until it leaves.
  useLiveStreams(TRANSFER_STREAMS);
  useEffect(() => {
    dispatch(listShown({ list, key }));
    return () => {
      dispatch(listHidden({ list, key }));
    };
  }, [dispatch, list, key]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    manifestNo: (row, text) => (
      <a role="button" tabIndex={-1} data-testid={`open-${row.id}`} onClick={() => onOpen(row as TransferOrderDto)}>{text || `#${row.id}`}</a>
    ),
    totalQuantity: (row) => tonnes(row.totalQuantity),
    ...Object.fromEntries(STATUS_FIELDS.map((field) => [field, (row: EntityDto) => <StatusTag field={field} value={row[field]} t={t} />])),
  }), [onOpen, t]);

  const rowActions = useMemo<RowAction[]>(() => [
    { key: 'open', text: t('transfer.detail'), icon: 'document-open', onClick: (row) => onOpen(row as TransferOrderDto) },
  ], [onOpen, t]);

  const hasQuery = state.keyword !== '' || Object.keys(state.filters).length > 0;
  const empty = !state.loading && !state.error && state.loaded && rows.length === 0;
  const height = Math.min(MAX_TABLE_HEIGHT, HEADER_HEIGHT + ROW_HEIGHT * Math.max(rows.length || (state.loading ? 10 : 1), 1) + SCROLLBAR);

  let body;
  if (state.error && !state.loading) {
    body = (
      <NonIdealState icon="error" title={t('common.loadFailed')} description={describeError(state.error)}
        action={<Button icon="refresh" intent="primary" text={t('common.retry')} onClick={() => dispatch(A.listRequested({ resource: key }))} />} />
    );
  } else if (empty) {
    body = (
      <div data-testid={`${prefix}empty`} style={{ padding: '24px 0' }}>
        <NonIdealState icon={hasQuery ? 'search' : 'inbox'} title={hasQuery ? t('crud.noMatch') : t('common.empty')}
          action={hasQuery ? <Button icon="filter-remove" text={t('common.reset')} onClick={() => dispatch(A.queryReset({ resource: key }))} /> : undefined} />
      </div>
    );
  } else {
    body = (
      <ResourceTable view={view} items={rows} loading={state.loading} skeletonRows={10}
        rowOffset={(state.currentPage - 1) * state.pageSize} sorting={state.sorting} t={t} height={height}
        onSort={(sorting) => dispatch(A.sortingChanged({ resource: key, sorting }))}
        onEdit={(row) => onEdit(row as TransferOrderDto)} onDelete={(row) => onDelete(row as TransferOrderDto)}
        canEdit={(row) => canEdit(row as TransferOrderDto)} canDelete={(row) => canDelete(row as TransferOrderDto)}
        columnRenderers={columnRenderers} rowActions={rowActions} />
    );
  }

  return (
    <div data-testid={`transfer-list-${list}`} data-resource={key}>
      <ResourceToolbar view={view} keyword={state.keyword} filters={state.filters} loading={state.loading}
        exporting={state.exportProgress !== null} canCreate={canCreate} t={t}
        onSearch={(keyword) => dispatch(A.keywordSearched({ resource: key, keyword }))}
        onFilter={(name, value) => dispatch(A.filterChanged({ resource: key, name, value }))}
        onReset={() => dispatch(A.queryReset({ resource: key }))}
        onRefresh={() => dispatch(A.listRequested({ resource: key }))}
        onCreate={onCreate}
        onExport={() => dispatch(A.exportRequested({ resource: key, language }))}
        extra={<ListFilters filters={state.filters} testIdPrefix={prefix} t={t}
          onFilter={(name, value) => dispatch(A.filterChanged({ resource: key, name, value }))} />} />
      {body}
      <ResourcePager resource={key} state={state} t={t} testIdPrefix={prefix} />
      {state.exportProgress && (
        <ExportDialog title={t(view.i18n.title)} progress={state.exportProgress} t={t}
          onCancel={() => dispatch(A.exportCancelled({ resource: key }))} />
      )}
    </div>
  );
}
