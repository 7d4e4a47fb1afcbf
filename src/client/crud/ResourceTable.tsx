import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Classes, Icon, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import {
  Cell, Column, ColumnHeaderCell, RegionCardinality, RowHeaderCell, Table2, TableLoadingOption,
  type FocusedCellCoordinates,
} from '@blueprintjs/table';
import type { EntityDto } from '../../shared/resource-kit';
import { displayText, isNumeric } from './format';
import { useTimeZone } from '../session/useTimeZone';
import type { ResourceView, SortState, Translate } from './types';
import { columnWidth, listFieldNames } from './view';

/** Custom cell content of a column; `text` is what the column would show by default. */
export type ColumnRenderer = (row: EntityDto, text: string) => ReactNode;

/** A button in each row's action cell, after Edit and Delete. */
export interface RowAction {
  key: string;
  text: string;
  icon?: Parameters<typeof Button>[0]['icon'];
  intent?: Parameters<typeof Button>[0]['intent'];
  onClick: (row: EntityDto) => void;
  /** Hidden for rows it does not apply to. */
  hidden?: (row: EntityDto) => boolean;
}

export interface ResourceTableProps {
  view: ResourceView;
  items: EntityDto[];
  loading: boolean;
  /** Rows to show as skeletons while the first page loads. */
  skeletonRows: number;
  /** Index of the first row on this page (row numbers continue across pages). */
  rowOffset: number;
  sorting: SortState | null;
  t: Translate;
  height: number;
  onSort: (sorting: SortState | null) => void;
  onEdit: (row: EntityDto) => void;
  onDelete: (row: EntityDto) => void;
  columnRenderers?: Record<string, ColumnRenderer>;
  rowActions?: RowAction[];
  canEdit?: (row: EntityDto) => boolean;
  canDelete?: (row: EntityDto) => boolean;
}

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 30;
// Small minimal buttons with an icon: padding and icon, then the text (CJK glyphs are about twice as wide).
const buttonWidth = (text: string) => 36 + [...text].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 13 : 7.5), 0);
const CELL_STYLE = { lineHeight: `${ROW_HEIGHT - 1}px` };
const NUMERIC_CELL_STYLE = { ...CELL_STYLE, textAlign: 'right' as const };
const ACTION_CELL_STYLE = { lineHeight: `${ROW_HEIGHT - 1}px`, padding: '0 4px' };
const SELECTION_MODES = [RegionCardinality.CELLS, RegionCardinality.FULL_ROWS];

const nextSorting = (field: string, current: SortState | null): SortState | null => {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
};

/**
 * The table moves its focused cell on mousedown and scrolls that cell fully into view. An actions cell that is partly
 * out of view then slides under the pointer before mouseup, and the click lands on the next button or on none. The
 * buttons keep their mousedown from the table (its listener is a native one on an ancestor, so React's
 * stopPropagation would come too late); the click itself is untouched.
 */
const keepMouseDownFromTable = (element: HTMLElement | null) => {
  element?.addEventListener('mousedown', (event) => event.stopPropagation());
};

const isEditableTarget = (target: EventTarget) =>
  target instanceof HTMLElement && (target.closest('input, textarea, select, button, a') !== null);

/**
 * The list as a dense Blueprint table: columns from the declaration, sortable headers, row actions, and the keyboard
 * of a data-entry clerk (arrows move the focused cell, Enter edits its row, Delete deletes it).
 */
export function ResourceTable(props: ResourceTableProps) {
  const { view, items, loading, skeletonRows, rowOffset, sorting, t, height, onSort, onEdit, onDelete } = props;
  const { columnRenderers, rowActions = [], canEdit, canDelete } = props;
  const fields = useMemo(() => listFieldNames(view), [view]);
  const zone = useTimeZone();
  const focused = useRef<FocusedCellCoordinates | null>(null);
  // Rows only the server writes offer no edit or delete at all (not disabled buttons); the action column stays only
  // for the screen's own row actions.
  const writable = !view.readOnly;
  const hasActions = writable || rowActions.length > 0;
  const actionTexts = [...(writable ? [t('common.edit'), t('common.delete')] : []), ...rowActions.map((a) => a.text)];
  const actionsWidth = Math.ceil(actionTexts.reduce((w, text) => w + buttonWidth(text), 12));
  const declaredWidths = useMemo(
    () => [...fields.map((f) => columnWidth(view.fields[f])), ...(hasActions ? [actionsWidth] : [])],
    [fields, view, actionsWidth, hasActions],
  );
  const [widths, setWidths] = useState(declaredWidths);
  const [widthsBase, setWidthsBase] = useState(declaredWidths);
  if (widthsBase !== declaredWidths) {
    // Another resource or other row actions: start again from the declared widths.
    setWidthsBase(declaredWidths);
    setWidths(declaredWidths);
  }
  const onColumnWidthChanged = useCallback((index: number, size: number) => {
    setWidths((current) => current.map((w, i) => (i === index ? size : w)));
  }, []);

  const numRows = items.length > 0 ? items.length : loading ? skeletonRows : 0;
  const rowAt = (index: number): EntityDto | undefined => items[index];

  const headerRenderer = (name: string) => () => {
    const def = view.fields[name];
    const label = t(view.i18n.field(name));
    if (!def.sortable) return <ColumnHeaderCell name={label} />;
    const direction = sorting?.field === name ? sorting.direction : null;
    return (
      <ColumnHeaderCell
        name={label}
        nameRenderer={() => (
          <div
            className={Classes.TEXT_OVERFLOW_ELLIPSIS}
            // Blueprint turns pointer events off on header names; the sort target needs them back.
            style={{ cursor: 'pointer', userSelect: 'none', pointerEvents: 'auto' }}
            title={t('crud.sortHint')}
            data-testid={`sort-${name}`}
            data-sort={direction ?? 'none'}
            onClick={() => onSort(nextSorting(name, sorting))}
          >
            {label}{' '}
            <Icon
              icon={direction === 'desc' ? 'sort-desc' : direction === 'asc' ? 'sort-asc' : 'double-caret-vertical'}
              size={12}
              intent={direction ? 'primary' : 'none'}
              style={{ opacity: direction ? 1 : 0.35 }}
            />
          </div>
        )}
        menuRenderer={() => (
          <Menu>
            <MenuItem icon="sort-asc" text={t('crud.sortAsc')} active={direction === 'asc'} onClick={() => onSort({ field: name, direction: 'asc' })} />
            <MenuItem icon="sort-desc" text={t('crud.sortDesc')} active={direction === 'desc'} onClick={() => onSort({ field: name, direction: 'desc' })} />
            <MenuDivider />
            <MenuItem icon="cross" text={t('crud.sortClear')} disabled={!direction} onClick={() => onSort(null)} />
          </Menu>
        )}
      />
    );
  };

  const cellRenderer = (name: string) => (rowIndex: number) => {
    const row = rowAt(rowIndex);
    const def = view.fields[name];
    if (!row) return <Cell loading />;
    const text = displayText(name, def, row, t, zone);
    const custom = columnRenderers?.[name];
    return (
      <Cell tooltip={text} style={isNumeric(def) ? NUMERIC_CELL_STYLE : CELL_STYLE}>
        {custom ? custom(row, text) : text}
      </Cell>
    );
  };

  const actionsRenderer = (rowIndex: number) => {
    const row = rowAt(rowIndex);
    if (!row) return <Cell loading />;
    return (
      <Cell interactive truncated={false} style={ACTION_CELL_STYLE}>
        <span ref={keepMouseDownFromTable}>
          {writable && <>
            <Button size="small" variant="minimal" intent="primary" icon="edit" text={t('common.edit')}
              disabled={canEdit ? !canEdit(row) : false} data-testid={`row-edit-${row.id}`} onClick={() => onEdit(row)} />
            <Button size="small" variant="minimal" intent="danger" icon="trash" text={t('common.delete')}
              disabled={canDelete ? !canDelete(row) : false} data-testid={`row-delete-${row.id}`} onClick={() => onDelete(row)} />
          </>}
          {rowActions.filter((a) => !a.hidden?.(row)).map((a) => (
            <Button key={a.key} size="small" variant="minimal" intent={a.intent} icon={a.icon} text={a.text}
              data-testid={`row-${a.key}-${row.id}`} onClick={() => a.onClick(row)} />
          ))}
        </span>
      </Cell>
    );
  };

  // Enter and Delete act on the focused row. They are caught before the table's own hotkeys (Enter would move the
  // focus inside a selection) but never while typing in a control inside a cell.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== 'Delete') return;
    if (isEditableTarget(event.target)) return;
    const row = focused.current ? rowAt(focused.current.row) : undefined;
    if (!row) return;
    event.preventDefault();
    event.stopPropagation();
    if (!writable) return;
    if (event.key === 'Enter' && (!canEdit || canEdit(row))) onEdit(row);
    if (event.key === 'Delete' && (!canDelete || canDelete(row))) onDelete(row);
  };

  return (
    <div
      data-testid="resource-table"
      data-loading={loading ? 'true' : 'false'}
      data-rows={items.length}
      style={{ height, minHeight: HEADER_HEIGHT + ROW_HEIGHT * 2 }}
      onKeyDownCapture={onKeyDownCapture}
    >
      <Table2
        numRows={numRows}
        defaultRowHeight={ROW_HEIGHT}
        columnWidths={widths}
        onColumnWidthChanged={onColumnWidthChanged}
        enableFocusedCell
        onFocusedCell={(cell) => { focused.current = cell; }}
        selectionModes={SELECTION_MODES}
        enableMultipleSelection={false}
        loadingOptions={loading ? [TableLoadingOption.CELLS, TableLoadingOption.ROW_HEADERS] : []}
        cellRendererDependencies={[items, sorting, t, columnRenderers, loading, zone]}
        rowHeaderCellRenderer={(rowIndex) => <RowHeaderCell index={rowIndex} name={String(rowOffset + rowIndex + 1)} />}
        getCellClipboardData={(rowIndex, columnIndex) => {
          const row = rowAt(rowIndex);
          const name = fields[columnIndex];
          return row && name ? displayText(name, view.fields[name], row, t, zone) : '';
        }}
      >
        {[
          ...fields.map((name) => (
            <Column key={name} id={name} columnHeaderCellRenderer={headerRenderer(name)} cellRenderer={cellRenderer(name)} />
          )),
          ...(hasActions ? [
            <Column key="__actions" id="__actions" columnHeaderCellRenderer={() => <ColumnHeaderCell name={t('common.actions')} />} cellRenderer={actionsRenderer} />,
          ] : []),
        ]}
      </Table2>
    </div>
  );
}
