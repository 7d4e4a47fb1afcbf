import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Classes, Colors, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { annualmanagementplandetail, enterpriseinformation, hazardouswasteinformation } from '../../../shared/resources';
import { pick, type EnumField, type Language } from '../../../shared/resource-kit';
import { enumLabel } from '../../crud/format';
import { useLookup } from '../../crud/hooks';
import type { LookupItem, Translate } from '../../crud/types';
import {
  cellKey, fieldLabelKey, formatTonnes, newRow, ROW_FIELDS, validateCell, weightTotals, type PlanRowDraft, type RowField,
} from './plan-rows';

interface PlanRowsEditorProps {
  rows: PlanRowDraft[];
  /** The plan's producer: its in-use hazardous wastes are the choices of a row. */
  enterpriseId: number | null;
  /** Messages by cell key (`details[1].thisyearweight`): the form's checks on save and the server's. */
  errors: Record<string, string | undefined>;
  disabled: boolean;
  /** New rows, and the cell keys whose earlier messages no longer apply. */
  onChange: (rows: PlanRowDraft[], stale: string[]) => void;
  t: Translate;
  language: Language;
}

const RECEIVER = 1;
const DISPOSAL = annualmanagementplandetail.fields.disposalMethod as EnumField;
const testIdOf = (index: number, field: RowField | 'delete') => `plan-row-${index}-${field}`;

function wasteLabel(item: LookupItem): string {
  const name = typeof item.name === 'string' && item.name ? item.name : `#${item.id}`;
  return typeof item.wastecodeName === 'string' && item.wastecodeName ? `${name}（${item.wastecodeName}）` : name;
}
const enterpriseLabel = (item: LookupItem) => (typeof item.name === 'string' && item.name ? item.name : `#${item.id}`);

function IdSelect(props: {
  testId: string; label: string; value: number | null; items: LookupItem[]; labelOf: (item: LookupItem) => string;
  emptyText: string; currentLabel?: string; disabled: boolean; invalid: boolean; errorId?: string; busy?: boolean;
  onChange: (id: number | null) => void; onBlur: () => void;
}) {
  const { testId, label, value, items, labelOf, emptyText, currentLabel, disabled, invalid, errorId, busy, onChange, onBlur } = props;
  // A stored row may name a waste that is no longer in use: it stays selectable so that nothing is lost silently.
  const missing = value !== null && !items.some((item) => item.id === value);
  return (
    <HTMLSelect fill minimal data-testid={testId} aria-label={label} aria-invalid={invalid} aria-describedby={errorId}
      aria-busy={busy} disabled={disabled} value={value === null ? '' : String(value)}
      style={invalid ? { boxShadow: `inset 0 0 0 1px ${Colors.RED3}` } : undefined}
      onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))} onBlur={onBlur}>
      <option value="">{emptyText}</option>
      {missing && <option value={String(value)}>{currentLabel || `#${value}`}</option>}
      {items.map((item) => <option key={item.id} value={String(item.id)}>{labelOf(item)}</option>)}
    </HTMLSelect>
  );
}

/**
 * The rows of an annual plan as a dense table of form controls. Built for typing: Tab walks the cells row by row
 * (the delete buttons are out of the way), Enter in any cell adds a row at the end and moves there, a cell is checked
 * when it is left, and the messages of the save (the form's and the server's `details[i].field`) sit under their cell.
 */
export function PlanRowsEditor({ rows, enterpriseId, errors, disabled, onChange, t, language }: PlanRowsEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  // Cells left at least once, by row key (stable when rows are deleted): they show their own check's message.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const wastes = useLookup(hazardouswasteinformation.name, 'GetHazardouswasteInformationList',
    enterpriseId ? { enterpriseId } : undefined, enterpriseId !== null);
  const receivers = useLookup(enterpriseinformation.name, 'GetEnterpriseInformationAll', { corporateType: RECEIVER });

  useEffect(() => {
    if (focusRow === null) return;
    const target = focusRow < rows.length
      ? box.current?.querySelector<HTMLElement>(`[data-testid="${testIdOf(focusRow, ROW_FIELDS[0])}"]`)
      : box.current?.querySelector<HTMLElement>('[data-testid="plan-add-row"]');
    target?.focus();
    setFocusRow(null);
  }, [focusRow, rows.length]);

  const label = (field: RowField) => t(fieldLabelKey(field));
  const visitKey = (row: PlanRowDraft, field: RowField) => `${row.key}:${field}`;
  const visit = (row: PlanRowDraft, field: RowField) => {
    const key = visitKey(row, field);
    if (!visited.has(key)) setVisited(new Set([...visited, key]));
  };
  const messageOf = (row: PlanRowDraft, index: number, field: RowField): string | undefined => {
    const own = visited.has(visitKey(row, field)) ? validateCell(row, field, t, language) : null;
    return own ?? errors[cellKey(index, field)];
  };

  const setCell = (index: number, patch: Partial<PlanRowDraft>, field: RowField) => {
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)), [cellKey(index, field)]);
  };
  const addRow = () => {
    onChange([...rows, newRow()], []);
    setFocusRow(rows.length);
  };
  const deleteRow = (index: number) => {
    // Messages of the rows below named their old positions.
    const stale = rows.slice(index).flatMap((_, offset) => ROW_FIELDS.map((f) => cellKey(index + offset, f)));
    onChange(rows.filter((_, i) => i !== index), stale);
    // The row that took its place, else the one above, else (no rows left) the add button.
    const remaining = rows.length - 1;
    setFocusRow(remaining === 0 ? 0 : Math.min(index, remaining - 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (!target.closest('[data-plan-cell]')) return;
    // Enter in a cell must not submit the dialog's form.
    event.preventDefault();
    if (!disabled) addRow();
  };

  const totals = weightTotals(rows);
  const cell = (row: PlanRowDraft, index: number, field: RowField) => {
    const message = messageOf(row, index, field);
    const errorId = message ? `${testIdOf(index, field)}-error` : undefined;
    const onBlur = () => visit(row, field);
    let control;
    if (field === 'hazardouswasteId') {
      control = (
        <IdSelect testId={testIdOf(index, field)} label={label(field)} value={row.hazardouswasteId} items={wastes.items}
          labelOf={wasteLabel} emptyText={enterpriseId === null ? t('plans.chooseEnterpriseFirst') : t('common.select')}
          currentLabel={row.hazardouswasteName} disabled={disabled || enterpriseId === null} invalid={Boolean(message)}
          errorId={errorId} busy={wastes.loading} onBlur={onBlur}
          onChange={(id) => setCell(index, { hazardouswasteId: id, hazardouswasteName: undefined }, field)} />
      );
    } else if (field === 'receiverId') {
      control = (
        <IdSelect testId={testIdOf(index, field)} label={label(field)} value={row.receiverId} items={receivers.items}
          labelOf={enterpriseLabel} emptyText={t('common.select')} currentLabel={row.receiverName} disabled={disabled}
          invalid={Boolean(message)} errorId={errorId} busy={receivers.loading} onBlur={onBlur}
          onChange={(id) => setCell(index, { receiverId: id, receiverName: undefined }, field)} />
      );
    } else if (field === 'disposalMethod') {
      control = (
        <HTMLSelect fill minimal data-testid={testIdOf(index, field)} aria-label={label(field)} aria-invalid={Boolean(message)}
          aria-describedby={errorId} disabled={disabled} value={row.disposalMethod === null ? '' : String(row.disposalMethod)}
          style={message ? { boxShadow: `inset 0 0 0 1px ${Colors.RED3}` } : undefined} onBlur={onBlur}
          onChange={(e) => setCell(index, { disposalMethod: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) }, field)}>
          <option value="">{t('common.select')}</option>
          {DISPOSAL.enum.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{enumLabel(DISPOSAL, o.value, t)}</option>)}
        </HTMLSelect>
      );
    } else {
      control = (
        <input data-testid={testIdOf(index, field)} aria-label={label(field)} aria-invalid={Boolean(message)} aria-describedby={errorId}
          className={`${Classes.INPUT} ${Classes.SMALL} ${Classes.FILL}${message ? ` ${Classes.INTENT_DANGER}` : ''}`}
          type="text" inputMode="decimal" autoComplete="off" disabled={disabled} value={row[field]} style={{ textAlign: 'right' }}
          onBlur={onBlur} onChange={(e) => setCell(index, { [field]: e.currentTarget.value }, field)} />
      );
    }
    return (
      <td key={field} data-plan-cell={field} style={{ verticalAlign: 'top', padding: '3px 4px' }}>
        {control}
        {message && (
          <div id={errorId} data-testid={errorId} className={Classes.TEXT_SMALL} style={{ color: Colors.RED3, marginTop: 2 }}>{message}</div>
        )}
      </td>
    );
  };

  const unit = annualmanagementplandetail.fields.thisyearweight.unit;
  const header = (field: RowField) => {
    const def = annualmanagementplandetail.fields[field];
    const text = label(field);
    const unitText = unit && (field === 'thisyearweight' || field === 'lastyearweight') ? pick(unit, language) : '';
    const withUnit = !unitText ? text : language === 'zh-CN' ? `${text}（${unitText}）` : `${text} (${unitText})`;
    return <th key={field} style={{ whiteSpace: 'nowrap' }}>{withUnit}{def.required ? ' *' : ''}</th>;
  };

  return (
    <div ref={box} onKeyDown={onKeyDown} data-testid="plan-rows-editor">
      <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} style={{ marginBottom: 4 }}>{t('plans.rowsHint')}</div>
      <HTMLTable compact bordered style={{ width: '100%', tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: 40 }} />
          <col />
          <col style={{ width: 120 }} />
          <col style={{ width: 120 }} />
          <col style={{ width: 110 }} />
          <col />
          <col style={{ width: 40 }} />
        </colgroup>
        <thead>
          <tr>
            <th>{t('plans.rowNumber')}</th>
            {ROW_FIELDS.map(header)}
            <th aria-label={t('common.actions')} />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr><td colSpan={7} className={Classes.TEXT_MUTED} data-testid="plan-rows-empty" style={{ textAlign: 'center' }}>{t('plans.noRows')}</td></tr>
          )}
          {rows.map((row, index) => (
            <tr key={row.key} data-testid={`plan-row-${index}`}>
              <td style={{ textAlign: 'right', verticalAlign: 'middle' }}>{index + 1}</td>
              {ROW_FIELDS.map((field) => cell(row, index, field))}
              <td style={{ padding: '3px 2px', verticalAlign: 'top' }}>
                {/* Out of the Tab order: Tab goes from a row's last cell to the next row's first. */}
                <Button size="small" variant="minimal" intent="danger" icon="trash" tabIndex={-1} disabled={disabled}
                  aria-label={t('plans.deleteRow', { row: index + 1 })} title={t('plans.deleteRow', { row: index + 1 })}
                  data-testid={testIdOf(index, 'delete')} onClick={() => deleteRow(index)} />
              </td>
            </tr>
          ))}
        </tbody>
        {rows.length > 0 && (
          <tfoot>
            <tr>
              <td colSpan={2} style={{ textAlign: 'right', fontWeight: 600 }}>{t('plans.total')}</td>
              <td style={{ textAlign: 'right' }} data-testid="plan-editor-total-thisyearweight">{formatTonnes(totals.thisyearweight, language)}</td>
              <td style={{ textAlign: 'right' }} data-testid="plan-editor-total-lastyearweight">{formatTonnes(totals.lastyearweight, language)}</td>
              <td colSpan={3} />
            </tr>
          </tfoot>
        )}
      </HTMLTable>
      <Button icon="add" size="small" text={t('plans.addRow')} disabled={disabled} data-testid="plan-add-row" style={{ marginTop: 6 }}
        onClick={addRow} />
    </div>
  );
}
