import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Classes, Colors, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { pick, referenceDisplayKey, type EnumField, type FieldDef, type Language, type Resource } from '../../../shared/resource-kit';
import { enumLabel } from '../format';
import type { LookupItem, Translate } from '../types';
import { validateField } from '../validation';
import { decimalsOf, keysFrom, type RowDraft } from './rows';

/** A reference cell's choices: a lookup list the module reads (its filter is the module's: the order's producer). */
export interface ReferenceColumn<D extends RowDraft> {
  items: readonly LookupItem[];
  loading: boolean;
  labelOf(item: LookupItem): string;
  /** The empty choice's text ("choose the producer first" while it cannot be chosen). */
  emptyText: string;
  disabled?: boolean;
  /** Items offered for a new choice; a row naming another keeps it, so nothing is lost silently. */
  offered?(item: LookupItem): boolean;
  /** What else a choice sets (a waste record's packing and form as the line's defaults). */
  onPick?(row: D, item: LookupItem | undefined): Partial<D>;
}

export interface NestedRowsConfig<D extends RowDraft> {
  /** The child resource's declaration: labels, controls, checks and units of its cells. */
  child: Resource;
  /** The editable cells, in the order Tab visits them. */
  fields: readonly (keyof D & string)[];
  cellKey(index: number, field: string): string;
  newRow(): D;
  references?: Partial<Record<keyof D & string, ReferenceColumn<D>>>;
  /** Test ids: the editor, each row (`<row>-<index>`, cells `<row>-<index>-<field>`), the add button, the empty line. */
  ids: { editor: string; row: string; add: string; empty: string };
  texts: { hint: string; number: string; empty: string; add: string; total: string; deleteRow(row: number): string };
  /** A cell's accessible name (a row number helps a screen reader among many rows). */
  cellLabel?(label: string, index: number): string;
  /** Decimal cells summed under the table, each with its test id and formatted sum. */
  totals?: readonly { field: keyof D & string; testId: string; text: string }[];
  /** Column widths in px by field; a field without one shares what is left. */
  widths?: Partial<Record<keyof D & string, number>>;
}

/** What a module's rows editor is given by its form: the rows, their messages, and where changes go. */
export interface NestedRowsProps<D extends RowDraft> {
  rows: D[];
  /** Messages by cell key: the form's checks on save and the server's. */
  errors: Record<string, string | undefined>;
  disabled: boolean;
  /** New rows, and the cell keys whose earlier messages no longer apply. */
  onChange: (rows: D[], stale: string[]) => void;
  t: Translate;
  language: Language;
}

interface NestedRowsEditorProps<D extends RowDraft> extends NestedRowsProps<D> {
  config: NestedRowsConfig<D>;
}

const danger = { boxShadow: `inset 0 0 0 1px ${Colors.RED3}` };
const fieldLabelKey = (child: Resource, field: string) => `resource.${child.name}.fields.${field}`;

/** A cell's message, or null: the declaration's rules (those every form applies) and its decimal places. */
export function checkCell(child: Resource, row: object, field: string, t: Translate, language: Language): string | null {
  const def = child.fields[field];
  const label = t(fieldLabelKey(child, field));
  const raw: unknown = Reflect.get(row, field);
  const value = typeof raw === 'string' ? raw.trim() : raw;
  const message = validateField(def, value, label, t, language);
  if (message) return message;
  if (def.kind === 'decimal' && def.scale !== undefined && typeof value === 'string' && decimalsOf(value) > def.scale) {
    return t('validation.scale', { field: label, scale: def.scale });
  }
  return null;
}

/** Messages of every bad cell of the rows, by cell key. */
export function checkRows<D extends RowDraft>(config: Pick<NestedRowsConfig<D>, 'child' | 'fields' | 'cellKey'>, rows: readonly D[], t: Translate, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  rows.forEach((row, index) => {
    for (const field of config.fields) {
      const message = checkCell(config.child, row, field, t, language);
      if (message) errors[config.cellKey(index, field)] = message;
    }
  });
  return errors;
}

function headerText(def: FieldDef, label: string, language: Language): string {
  const unit = def.kind === 'decimal' && def.unit ? pick(def.unit, language) : '';
  const withUnit = !unit ? label : language === 'zh-CN' ? `${label}（${unit}）` : `${label} (${unit})`;
  return def.required ? `${withUnit} *` : withUnit;
}

const optionText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The child rows of a record (a plan's rows, an order's lines) as a dense table of controls derived from the child's
 * declaration, built for typing: Tab walks the cells row by row (delete buttons are out of the way), Enter in a cell
 * adds a row at the end and moves there, a cell is checked when it is left, and the messages of a check or save
 * (`lines[i].field`) sit under their cell.
 */
export function NestedRowsEditor<D extends RowDraft>({ config, rows, errors, disabled, onChange, t, language }: NestedRowsEditorProps<D>) {
  const { child, fields, ids, texts } = config;
  const box = useRef<HTMLDivElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  // Cells left at least once, by row key (stable when rows are deleted): they show their own check's message.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const testIdOf = (index: number, field: string) => `${ids.row}-${index}-${field}`;

  const firstCell = `${ids.row}-${focusRow ?? 0}-${fields[0]}`;
  useEffect(() => {
    if (focusRow === null) return;
    const target = box.current?.querySelector<HTMLElement>(`[data-testid="${focusRow < rows.length ? firstCell : ids.add}"]`);
    target?.focus();
    setFocusRow(null);
  }, [focusRow, rows.length, firstCell, ids.add]);

  const label = (field: string) => t(fieldLabelKey(child, field));
  const visitKey = (row: D, field: string) => `${row.key}:${field}`;
  const visit = (row: D, field: string) => {
    const key = visitKey(row, field);
    if (!visited.has(key)) setVisited(new Set([...visited, key]));
  };
  const messageOf = (row: D, index: number, field: string): string | undefined =>
    (visited.has(visitKey(row, field)) ? checkCell(child, row, field, t, language) : null) ?? errors[config.cellKey(index, field)];

  const setCell = (index: number, field: string, patch: Partial<D>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)), [config.cellKey(index, field)]);
  const addRow = () => {
    onChange([...rows, config.newRow()], []);
    setFocusRow(rows.length);
  };
  const deleteRow = (index: number) => {
    // Messages of the rows below named their old positions.
    onChange(rows.filter((_, i) => i !== index), keysFrom(rows, index, fields, config.cellKey));
    // The row that took its place, else the one above, else (no rows left) the add button.
    const remaining = rows.length - 1;
    setFocusRow(remaining === 0 ? 0 : Math.min(index, remaining - 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLElement) || !event.target.closest('[data-nested-cell]')) return;
    // Enter in a cell must not submit the dialog's form.
    event.preventDefault();
    if (!disabled) addRow();
  };

  const control = (row: D, index: number, field: keyof D & string, message: string | undefined): ReactNode => {
    const def = child.fields[field];
    const value: unknown = row[field];
    const errorId = message ? `${testIdOf(index, field)}-error` : undefined;
    const common = {
      'data-testid': testIdOf(index, field), 'aria-label': config.cellLabel?.(label(field), index) ?? label(field),
      'aria-invalid': Boolean(message), 'aria-describedby': errorId, disabled, onBlur: () => visit(row, field),
    };
    const reference = config.references?.[field];
    if (def.kind === 'reference' && reference) {
      const offered = reference.items.filter((item) => item.id === value || (reference.offered?.(item) ?? true));
      // A stored row may name a record no longer offered: it stays selectable so that nothing is lost silently.
      const missing = typeof value === 'number' && !offered.some((item) => item.id === value);
      const stored: unknown = Reflect.get(row, referenceDisplayKey(field));
      return (
        <HTMLSelect fill minimal {...common} disabled={disabled || reference.disabled} aria-busy={reference.loading}
          style={message ? danger : undefined} value={optionText(value)}
          onChange={(e) => {
            const id = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
            const item = reference.items.find((i) => i.id === id);
            setCell(index, field, { [field]: id, [referenceDisplayKey(field)]: undefined, ...reference.onPick?.(row, item) } as Partial<D>);
          }}>
          <option value="">{reference.emptyText}</option>
          {missing && <option value={String(value)}>{typeof stored === 'string' && stored ? stored : `#${value}`}</option>}
          {offered.map((item) => <option key={item.id} value={String(item.id)}>{reference.labelOf(item)}</option>)}
        </HTMLSelect>
      );
    }
    if (def.kind === 'enum' && def.multiple) return multipleEnum(row, index, field, def, common['aria-label']);
    if (def.kind === 'enum') {
      return (
        <HTMLSelect fill minimal {...common} style={message ? danger : undefined} value={optionText(value)}
          onChange={(e) => {
            const chosen = def.enum.options.find((o) => String(o.value) === e.currentTarget.value);
            setCell(index, field, { [field]: chosen ? chosen.value : null } as Partial<D>);
          }}>
          <option value="">{t('common.select')}</option>
          {def.enum.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{enumLabel(def, o.value, t)}</option>)}
        </HTMLSelect>
      );
    }
    const numeric = def.kind === 'decimal' || def.kind === 'integer';
    return (
      <input {...common} className={`${Classes.INPUT} ${Classes.SMALL} ${Classes.FILL}${message ? ` ${Classes.INTENT_DANGER}` : ''}`}
        type="text" inputMode={def.kind === 'decimal' ? 'decimal' : def.kind === 'integer' ? 'numeric' : 'text'} autoComplete="off"
        value={optionText(value)} style={numeric ? { textAlign: 'right' } : undefined}
        onChange={(e) => setCell(index, field, { [field]: e.currentTarget.value } as Partial<D>)} />
    );
  };

  const multipleEnum = (row: D, index: number, field: keyof D & string, def: EnumField, name: string): ReactNode => {
    const value: unknown = row[field];
    const current: unknown[] = Array.isArray(value) ? value : [];
    const chosen = current.map(String);
    return (
      <span role="group" aria-label={name} data-testid={testIdOf(index, field)} style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        {def.enum.options.map((o) => {
          const option = String(o.value);
          const checked = chosen.includes(option);
          const next = checked ? current.filter((v) => String(v) !== option) : [...current, o.value];
          return (
            <label key={option} title={enumLabel(def, o.value, t)} style={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: 12 }}>
              <input type="checkbox" checked={checked} disabled={disabled} data-testid={`${testIdOf(index, field)}-${option}`}
                onChange={() => setCell(index, field, { [field]: next } as Partial<D>)} />
              {option}
            </label>
          );
        })}
      </span>
    );
  };

  const cell = (row: D, index: number, field: keyof D & string) => {
    const message = messageOf(row, index, field);
    return (
      <td key={field} data-nested-cell={field} style={{ verticalAlign: 'top', padding: '3px 4px' }}>
        {control(row, index, field, message)}
        {message && (
          <div id={`${testIdOf(index, field)}-error`} data-testid={`${testIdOf(index, field)}-error`} className={Classes.TEXT_SMALL}
            style={{ color: Colors.RED3, marginTop: 2 }}>{message}</div>
        )}
      </td>
    );
  };

  const totals = config.totals ?? [];
  const firstTotal = fields.findIndex((field) => totals.some((total) => total.field === field));
  const columns = fields.length + 2;
  return (
    <div ref={box} onKeyDown={onKeyDown} data-testid={ids.editor}>
      <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} style={{ marginBottom: 4 }}>{texts.hint}</div>
      <HTMLTable compact bordered style={{ width: '100%', tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: 52 }} />
          {fields.map((field) => <col key={field} style={config.widths?.[field] ? { width: config.widths[field] } : undefined} />)}
          <col style={{ width: 40 }} />
        </colgroup>
        <thead>
          <tr>
            <th style={{ verticalAlign: 'bottom', whiteSpace: 'nowrap' }}>{texts.number}</th>
            {fields.map((field) => <th key={field} style={{ verticalAlign: 'bottom' }}>{headerText(child.fields[field], label(field), language)}</th>)}
            <th aria-label={t('common.actions')} />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr><td colSpan={columns} className={Classes.TEXT_MUTED} data-testid={ids.empty} style={{ textAlign: 'center' }}>{texts.empty}</td></tr>
          )}
          {rows.map((row, index) => (
            <tr key={row.key} data-testid={`${ids.row}-${index}`}>
              <td style={{ textAlign: 'right', verticalAlign: 'middle' }}>{index + 1}</td>
              {fields.map((field) => cell(row, index, field))}
              <td style={{ padding: '3px 2px', verticalAlign: 'top' }}>
                {/* Out of the Tab order: Tab goes from a row's last cell to the next row's first. */}
                <Button size="small" variant="minimal" intent="danger" icon="trash" tabIndex={-1} disabled={disabled}
                  aria-label={texts.deleteRow(index + 1)} title={texts.deleteRow(index + 1)}
                  data-testid={testIdOf(index, 'delete')} onClick={() => deleteRow(index)} />
              </td>
            </tr>
          ))}
        </tbody>
        {rows.length > 0 && firstTotal >= 0 && (
          <tfoot>
            <tr>
              <td colSpan={firstTotal + 1} style={{ textAlign: 'right', fontWeight: 600 }}>{texts.total}</td>
              {fields.slice(firstTotal).map((field) => {
                const total = totals.find((x) => x.field === field);
                return total
                  ? <td key={field} style={{ textAlign: 'right' }} data-testid={total.testId}>{total.text}</td>
                  : <td key={field} />;
              })}
              <td />
            </tr>
          </tfoot>
        )}
      </HTMLTable>
      <Button icon="add" size="small" text={texts.add} disabled={disabled} data-testid={ids.add} style={{ marginTop: 6 }} onClick={addRow} />
    </div>
  );
}
