import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Classes, Colors, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import { hazardCharacteristic } from '../../../shared/enums';
import type { EnumField } from '../../../shared/resource-kit';
import { transferorderline } from '../../../shared/resources';
import { enumLabel } from '../../crud/format';
import { useLookup } from '../../crud/hooks';
import type { LookupItem, Translate } from '../../crud/types';
import { cellKey, LINE_FIELDS, newLine, totalQuantity, validateCell, type LineDraft, type LineField } from './order-lines';
import { tonnes } from './StatusTags';
import { LOOKUPS } from './transferView';

interface LinesEditorProps {
  lines: LineDraft[];
  /** The order's producer: its hazardous-waste records are the lines' choices. */
  producerId: number | null;
  /** Messages by cell key (`lines[1].quantity`): the form's checks on submit and the server's. */
  errors: Record<string, string | undefined>;
  disabled: boolean;
  /** New lines, and the cell keys whose earlier messages no longer apply. */
  onChange: (lines: LineDraft[], stale: string[]) => void;
  t: Translate;
}

type EnumCell = 'containerType' | 'physicalForm' | 'disposalMethod';
const ENUMS: Record<EnumCell, EnumField> = {
  containerType: transferorderline.fields.containerType as EnumField,
  physicalForm: transferorderline.fields.physicalForm as EnumField,
  disposalMethod: transferorderline.fields.disposalMethod as EnumField,
};
const testIdOf = (index: number, field: string) => `line-${index}-${field}`;
const danger = { boxShadow: `inset 0 0 0 1px ${Colors.RED3}` };

function wasteLabel(item: LookupItem): string {
  const name = typeof item.name === 'string' && item.name ? item.name : `#${item.id}`;
  return typeof item.wastecodeName === 'string' && item.wastecodeName ? `${name}（${item.wastecodeName}）` : name;
}

/** A record's packing, form and characteristics become the line's defaults where the clerk has not chosen yet. */
function defaultsFrom(line: LineDraft, record: LookupItem | undefined): Partial<LineDraft> {
  if (!record) return {};
  const hazards = Array.isArray(record.hazardCharacteristics) ? (record.hazardCharacteristics as string[]) : [];
  return {
    containerType: line.containerType ?? (typeof record.containerType === 'number' ? record.containerType : null),
    physicalForm: line.physicalForm ?? (typeof record.physicalCharacteristics === 'number' ? record.physicalCharacteristics : null),
    hazardCharacteristics: line.hazardCharacteristics.length > 0 ? line.hazardCharacteristics : hazards,
  };
}

/**
 * The order's lines as a dense table of controls, for typing: Tab walks the cells row by row (delete buttons are out
 * of the way), Enter in a cell adds a line at the end and moves to it, a cell is checked when it is left, and the
 * messages of a check or save (`lines[i].field`) sit under their cell.
 */
export function LinesEditor({ lines, producerId, errors, disabled, onChange, t }: LinesEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  const wastes = useLookup(LOOKUPS.wastes.resource, LOOKUPS.wastes.method, producerId ? { enterpriseId: producerId } : undefined, producerId !== null);

  useEffect(() => {
    if (focusRow === null) return;
    const target = focusRow < lines.length
      ? box.current?.querySelector<HTMLElement>(`[data-testid="${testIdOf(focusRow, LINE_FIELDS[0])}"]`)
      : box.current?.querySelector<HTMLElement>('[data-testid="line-add"]');
    target?.focus();
    setFocusRow(null);
  }, [focusRow, lines.length]);

  const label = (field: LineField) => t(`resource.TransferOrderLine.fields.${field}`);
  const visit = (line: LineDraft, field: LineField) => {
    const key = `${line.key}:${field}`;
    if (!visited.has(key)) setVisited(new Set([...visited, key]));
  };
  const messageOf = (line: LineDraft, index: number, field: LineField) =>
    (visited.has(`${line.key}:${field}`) ? validateCell(line, field, t) : null) ?? errors[cellKey(index, field)];

  const setCell = (index: number, patch: Partial<LineDraft>, field: LineField) =>
    onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)), [cellKey(index, field)]);
  const addLine = () => {
    onChange([...lines, newLine()], []);
    setFocusRow(lines.length);
  };
  const deleteLine = (index: number) => {
    const stale = lines.slice(index).flatMap((_, offset) => LINE_FIELDS.map((f) => cellKey(index + offset, f)));
    onChange(lines.filter((_, i) => i !== index), stale);
    const remaining = lines.length - 1;
    setFocusRow(remaining === 0 ? 0 : Math.min(index, remaining - 1));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (!(event.target as HTMLElement).closest('[data-line-cell]')) return;
    // Enter in a cell must not submit the dialog.
    event.preventDefault();
    if (!disabled) addLine();
  };

  const cell = (line: LineDraft, index: number, field: LineField) => {
    const message = messageOf(line, index, field);
    const errorId = message ? `${testIdOf(index, field)}-error` : undefined;
    const common = {
      'data-testid': testIdOf(index, field), 'aria-label': `${label(field)} ${index + 1}`, 'aria-invalid': Boolean(message),
      'aria-describedby': errorId, disabled, onBlur: () => visit(line, field),
    };
    let control;
    if (field === 'hazardouswasteId') {
      // Records taken out of use are not offered for new lines; a line that names one keeps it.
      const choices = wastes.items.filter((w) => Number(w.status ?? 0) === 0 || w.id === line.hazardouswasteId);
      const missing = line.hazardouswasteId !== null && !choices.some((w) => w.id === line.hazardouswasteId);
      control = (
        <HTMLSelect fill minimal {...common} disabled={disabled || producerId === null} aria-busy={wastes.loading}
          style={message ? danger : undefined} value={line.hazardouswasteId === null ? '' : String(line.hazardouswasteId)}
          onChange={(e) => {
            const id = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
            const record = wastes.items.find((w) => w.id === id);
            setCell(index, { hazardouswasteId: id, hazardouswasteName: undefined, ...defaultsFrom(line, record) }, field);
          }}>
          <option value="">{producerId === null ? t('transfer.chooseProducerFirst') : t('common.select')}</option>
          {missing && <option value={String(line.hazardouswasteId)}>{line.hazardouswasteName || `#${line.hazardouswasteId}`}</option>}
          {choices.map((w) => <option key={w.id} value={String(w.id)}>{wasteLabel(w)}</option>)}
        </HTMLSelect>
      );
    } else if (field === 'containerType' || field === 'physicalForm' || field === 'disposalMethod') {
      const def = ENUMS[field];
      control = (
        <HTMLSelect fill minimal {...common} style={message ? danger : undefined} value={line[field] === null ? '' : String(line[field])}
          onChange={(e) => setCell(index, { [field]: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) }, field)}>
          <option value="">{t('common.select')}</option>
          {def.enum.options.map((o) => <option key={String(o.value)} value={String(o.value)}>{enumLabel(def, o.value, t)}</option>)}
        </HTMLSelect>
      );
    } else if (field === 'hazardCharacteristics') {
      control = (
        <span role="group" aria-label={`${label(field)} ${index + 1}`} data-testid={testIdOf(index, field)} style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          {hazardCharacteristic.options.map((o) => {
            const value = String(o.value);
            const checked = line.hazardCharacteristics.includes(value);
            return (
              <label key={value} title={t(`enum.hazardCharacteristic.${value}`)} style={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontSize: 12 }}>
                <input type="checkbox" checked={checked} disabled={disabled} data-testid={`${testIdOf(index, field)}-${value}`}
                  onChange={() => setCell(index, {
                    hazardCharacteristics: checked ? line.hazardCharacteristics.filter((h) => h !== value) : [...line.hazardCharacteristics, value],
                  }, field)} />
                {value}
              </label>
            );
          })}
        </span>
      );
    } else {
      control = (
        <input {...common} className={`${Classes.INPUT} ${Classes.SMALL} ${Classes.FILL}${message ? ` ${Classes.INTENT_DANGER}` : ''}`}
          type="text" inputMode={field === 'quantity' ? 'decimal' : 'numeric'} autoComplete="off" value={line[field]} style={{ textAlign: 'right' }}
          onChange={(e) => setCell(index, { [field]: e.currentTarget.value }, field)} />
      );
    }
    return (
      <td key={field} data-line-cell={field} style={{ verticalAlign: 'top', padding: '3px 4px' }}>
        {control}
        {message && <div id={errorId} data-testid={errorId} className={Classes.TEXT_SMALL} style={{ color: Colors.RED3, marginTop: 2 }}>{message}</div>}
      </td>
    );
  };

  const header = (field: LineField) => {
    const text = label(field);
    const required = transferorderline.fields[field].required;
    return <th key={field} style={{ whiteSpace: 'nowrap' }}>{field === 'quantity' ? `${text}（${t('transfer.tonnes')}）` : text}{required ? ' *' : ''}</th>;
  };

  return (
    <div ref={box} onKeyDown={onKeyDown} data-testid="lines-editor">
      <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} style={{ marginBottom: 4 }}>{t('transfer.linesHint')}</div>
      <HTMLTable compact bordered style={{ width: '100%', tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: 36 }} /><col /><col style={{ width: 96 }} /><col style={{ width: 72 }} /><col style={{ width: 84 }} />
          <col style={{ width: 84 }} /><col style={{ width: 150 }} /><col style={{ width: 96 }} /><col style={{ width: 36 }} />
        </colgroup>
        <thead><tr><th>{t('transfer.lineNumber')}</th>{LINE_FIELDS.map(header)}<th aria-label={t('common.actions')} /></tr></thead>
        <tbody>
          {lines.length === 0 && (
            <tr><td colSpan={9} className={Classes.TEXT_MUTED} data-testid="lines-empty" style={{ textAlign: 'center' }}>{t('transfer.noLines')}</td></tr>
          )}
          {lines.map((line, index) => (
            <tr key={line.key} data-testid={`line-${index}`}>
              <td style={{ textAlign: 'right', verticalAlign: 'middle' }}>{index + 1}</td>
              {LINE_FIELDS.map((field) => cell(line, index, field))}
              <td style={{ padding: '3px 2px', verticalAlign: 'top' }}>
                {/* Out of the Tab order: Tab goes from a line's last cell to the next line's first. */}
                <Button size="small" variant="minimal" intent="danger" icon="trash" tabIndex={-1} disabled={disabled}
                  aria-label={t('transfer.deleteLine', { line: index + 1 })} title={t('transfer.deleteLine', { line: index + 1 })}
                  data-testid={testIdOf(index, 'delete')} onClick={() => deleteLine(index)} />
              </td>
            </tr>
          ))}
        </tbody>
        {lines.length > 0 && (
          <tfoot>
            <tr>
              <td colSpan={2} style={{ textAlign: 'right', fontWeight: 600 }}>{t('transfer.total')}</td>
              <td style={{ textAlign: 'right' }} data-testid="lines-total">{tonnes(totalQuantity(lines))}</td>
              <td colSpan={6} />
            </tr>
          </tfoot>
        )}
      </HTMLTable>
      <Button icon="add" size="small" text={t('transfer.addLine')} disabled={disabled} data-testid="line-add" style={{ marginTop: 6 }} onClick={addLine} />
    </div>
  );
}
