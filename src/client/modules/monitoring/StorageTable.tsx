import { useMemo, useRef, type KeyboardEvent } from 'react';
import { Classes, Icon, ProgressBar, type Intent } from '@blueprintjs/core';
import {
  Cell, Column, ColumnHeaderCell, type FocusedCellCoordinates, type Region, Regions, RowHeaderCell, SelectionModes, Table2,
} from '@blueprintjs/table';
import type { Translate } from '../../crud/types';
import { OnlineTag } from './DeviceStateTag';
import { formatDateTime, formatRatio, formatWeight, relativeTime } from './format';
import { useTimeZone } from '../../session/useTimeZone';
import type { StorageView } from './selectors';
import type { StorageSort, StorageSortField } from './storageRows';

export const STORAGE_ROW_HEIGHT = 30;

interface ColumnDef {
  field: StorageSortField;
  label: string;
  width: number;
}

const COLUMNS: readonly ColumnDef[] = [
  { field: 'serialNumber', label: 'monitoring.colDevice', width: 130 },
  { field: 'enterpriseName', label: 'monitoring.colEnterprise', width: 190 },
  { field: 'hazardouswasteInformationName', label: 'monitoring.colWaste', width: 170 },
  { field: 'storagePlace', label: 'monitoring.colPlace', width: 130 },
  { field: 'currentWeight', label: 'monitoring.colWeight', width: 130 },
  { field: 'capacity', label: 'monitoring.colCapacity', width: 120 },
  { field: 'fillRatio', label: 'monitoring.colFill', width: 140 },
  { field: 'lastChangeTime', label: 'monitoring.colLastChange', width: 210 },
  { field: 'onlineState', label: 'monitoring.colOnline', width: 80 },
];

const RIGHT = { textAlign: 'right' as const };

/** Above 90 % a point must be emptied soon; above 75 % it should be planned. */
export const fillIntent = (ratio: number): Intent => (ratio >= 0.9 ? 'danger' : ratio >= 0.75 ? 'warning' : 'success');

interface StorageTableProps {
  rows: readonly StorageView[];
  sort: StorageSort;
  selectedId: number | null;
  /** Points whose weight just changed live. */
  flashing: ReadonlySet<number>;
  now: number;
  height: number;
  t: Translate;
  onSort: (field: StorageSortField) => void;
  onSelect: (id: number) => void;
}

/**
 * The storage points as a dense Blueprint table: sortable headers, a row per point, arrows move the focused cell and
 * Enter opens the focused point (a click on a row or its device does too).
 */
export function StorageTable({ rows, sort, selectedId, flashing, now, height, t, onSort, onSelect }: StorageTableProps) {
  const zone = useTimeZone();
  const focused = useRef<FocusedCellCoordinates | null>(null);
  const selectedIndex = rows.findIndex((row) => row.id === selectedId);
  const selectedRegions = useMemo<Region[]>(() => (selectedIndex >= 0 ? [Regions.row(selectedIndex)] : []), [selectedIndex]);

  const header = (column: ColumnDef) => () => {
    const direction = sort.field === column.field ? sort.direction : null;
    return (
      <ColumnHeaderCell name={t(column.label)} nameRenderer={(name) => (
        <div className={Classes.TEXT_OVERFLOW_ELLIPSIS} role="button" tabIndex={-1} data-testid={`storage-sort-${column.field}`}
          data-sort={direction ?? 'none'} style={{ cursor: 'pointer', userSelect: 'none', pointerEvents: 'auto' }}
          onClick={() => onSort(column.field)}>
          {name}{' '}
          <Icon icon={direction === 'desc' ? 'sort-desc' : direction === 'asc' ? 'sort-asc' : 'double-caret-vertical'} size={12}
            intent={direction ? 'primary' : 'none'} style={{ opacity: direction ? 1 : 0.35 }} />
        </div>
      )} />
    );
  };

  const content = (field: StorageSortField, row: StorageView) => {
    switch (field) {
      case 'serialNumber':
        return (
          <a role="button" data-testid={`storage-open-${row.id}`} onClick={() => onSelect(row.id)}>
            {row.serialNumber ?? `#${row.smartequipmentId ?? ''}`}
          </a>
        );
      case 'enterpriseName': return row.enterpriseName ?? '';
      case 'hazardouswasteInformationName':
        return <>{row.hazardouswasteInformationName ?? ''}{row.wastecodeName ? <span className={Classes.TEXT_MUTED}> {row.wastecodeName}</span> : null}</>;
      case 'storagePlace': return row.storagePlace ?? '';
      case 'currentWeight':
        return (
          <span className={flashing.has(row.id) ? 'monitoring-flash' : undefined} data-testid={`storage-weight-${row.id}`}
            data-flash={flashing.has(row.id) ? 'true' : 'false'} style={{ display: 'block', ...RIGHT }}>
            {formatWeight(row.currentWeight, t)}
          </span>
        );
      case 'capacity': return <span style={{ display: 'block', ...RIGHT }}>{formatWeight(row.capacity, t)}</span>;
      case 'fillRatio':
        return (
          <span style={{ display: 'flex', alignItems: 'center', gap: 6 }} data-testid={`storage-fill-${row.id}`}>
            <ProgressBar value={Math.min(1, Math.max(0, row.fillRatio))} intent={fillIntent(row.fillRatio)} animate={false} stripes={false}
              className="monitoring-fill" />
            <span style={{ minWidth: 48, ...RIGHT }}>{formatRatio(row.fillRatio)}</span>
          </span>
        );
      case 'lastChangeTime':
        return row.lastChangeTime
          ? <>{relativeTime(row.lastChangeTime, now, t, zone)} <span className={Classes.TEXT_MUTED}>{formatDateTime(row.lastChangeTime, zone)}</span></>
          : '';
      case 'onlineState': return <OnlineTag value={row.onlineState} t={t} />;
    }
  };

  const cell = (column: ColumnDef) => (rowIndex: number) => {
    const row = rows[rowIndex];
    if (!row) return <Cell />;
    return <Cell interactive={column.field === 'serialNumber'} style={{ lineHeight: `${STORAGE_ROW_HEIGHT - 1}px` }}>{content(column.field, row)}</Cell>;
  };

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter') return;
    const row = focused.current ? rows[focused.current.row] : undefined;
    if (!row) return;
    event.preventDefault();
    event.stopPropagation();
    onSelect(row.id);
  };

  return (
    <div data-testid="storage-table" data-rows={rows.length} style={{ height }} onKeyDownCapture={onKeyDownCapture}>
      <Table2
        numRows={rows.length}
        defaultRowHeight={STORAGE_ROW_HEIGHT}
        columnWidths={COLUMNS.map((c) => c.width)}
        enableFocusedCell
        onFocusedCell={(cell) => { focused.current = cell; }}
        selectionModes={SelectionModes.ROWS_AND_CELLS}
        enableMultipleSelection={false}
        selectedRegions={selectedRegions}
        // A click anywhere in a row selects the row.
        selectedRegionTransform={(region) => (region.rows ? Regions.row(region.rows[0]) : region)}
        onSelection={(regions) => {
          const index = regions[0]?.rows?.[0];
          const row = index === undefined ? undefined : rows[index];
          if (row && row.id !== selectedId) onSelect(row.id);
        }}
        cellRendererDependencies={[rows, sort, selectedId, flashing, now, t, zone]}
        rowHeaderCellRenderer={(rowIndex) => <RowHeaderCell index={rowIndex} name={String(rowIndex + 1)} />}
      >
        {COLUMNS.map((column) => (
          <Column key={column.field} id={column.field} columnHeaderCellRenderer={header(column)} cellRenderer={cell(column)} />
        ))}
      </Table2>
    </div>
  );
}
