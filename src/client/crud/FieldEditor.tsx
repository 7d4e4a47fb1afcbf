import { Checkbox, Classes, HTMLSelect, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { pick, referenceDisplayKey, type EnumValue, type FieldDef, type Language } from '../../shared/resource-kit';
import { DateField } from '../time/DateField';
import { FilesEditor } from './FilesEditor';
import { enumLabel, enumValuesOf } from './format';
import { idsOf, referenceParams } from './form-values';
import { ReferenceMultiSelect } from './ReferenceMultiSelect';
import { ReferenceSelect } from './ReferenceSelect';
import type { Translate } from './types';

interface FieldEditorProps {
  name: string;
  def: FieldDef;
  label: string;
  value: unknown;
  /** All form values (a reference shows the row's display text until its list arrives). */
  values: Record<string, unknown>;
  onChange: (value: unknown) => void;
  t: Translate;
  disabled?: boolean;
  invalid?: boolean;
  language: Language;
  /** A row a reference may not point at (a category cannot be its own parent). */
  excludeId?: number | null;
  autoFocus?: boolean;
  /** Slice key of the screen (attachments are uploaded through its service). */
  resource?: string;
}

const stepOf = (def: FieldDef): number => {
  if (def.kind === 'decimal') return def.scale !== undefined ? 10 ** -def.scale : 0.01;
  return 1;
};

/** The one editor of each field kind; every control carries `data-testid="form-field-<name>"`. */
export function FieldEditor(props: FieldEditorProps) {
  const { name, def, label, value, values, onChange, t, language, disabled, invalid, excludeId, autoFocus, resource } = props;
  const testId = `form-field-${name}`;
  const intent = invalid ? 'danger' : 'none';
  const text = value === null || value === undefined ? '' : String(value);

  switch (def.kind) {
    case 'text':
      return (
        <TextArea id={testId} data-testid={testId} aria-label={label} fill autoResize value={text} disabled={disabled}
          intent={intent} maxLength={def.maxLength} rows={3} autoFocus={autoFocus}
          onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'integer':
    case 'decimal': {
      const step = stepOf(def);
      return (
        <NumericInput id={testId} data-testid={testId} aria-label={label} fill value={text} disabled={disabled}
          intent={intent} stepSize={step} minorStepSize={def.kind === 'decimal' ? step : null} majorStepSize={step * 10}
          min={def.min ?? (def.kind === 'decimal' ? def.greaterThan : undefined)} max={def.max}
          allowNumericCharactersOnly clampValueOnBlur={false} buttonPosition="right" autoFocus={autoFocus}
          leftElement={def.kind === 'decimal' && def.unit
            ? <span className={Classes.TEXT_MUTED} style={{ padding: '0 8px', lineHeight: '30px' }}>{pick(def.unit, language)}</span>
            : undefined}
          onValueChange={(_n, asString) => onChange(asString)} />
      );
    }
    case 'boolean':
      return (
        <Switch id={testId} data-testid={testId} aria-label={label} checked={Boolean(value)} disabled={disabled}
          innerLabelChecked={t('common.yes')} innerLabel={t('common.no')} style={{ marginTop: 6 }}
          onChange={(e) => onChange(e.currentTarget.checked)} />
      );
    case 'date':
    case 'datetime':
      // A date-time is a wall time of the tenant's zone, sent without an offset: the server reads it in that zone.
      return (
        <DateField id={testId} testId={testId} ariaLabel={label} kind={def.kind} fill
          value={text === '' ? null : text} disabled={disabled} invalid={invalid} autoFocus={autoFocus}
          onChange={(next) => onChange(next ?? '')} />
      );
    case 'enum': {
      if (def.multiple) {
        const selected = enumValuesOf(value).map(String);
        const toggle = (v: EnumValue, on: boolean) => {
          const next = def.enum.options.map((o) => o.value)
            .filter((o) => (String(o) === String(v) ? on : selected.includes(String(o))));
          onChange(next);
        };
        return (
          <div id={testId} data-testid={testId} role="group" aria-label={label} style={{ paddingTop: 5 }}>
            {def.enum.options.map((o) => (
              <Checkbox key={String(o.value)} inline disabled={disabled} label={enumLabel(def, o.value, t)}
                checked={selected.includes(String(o.value))} onChange={(e) => toggle(o.value, e.currentTarget.checked)} />
            ))}
          </div>
        );
      }
      return (
        <HTMLSelect id={testId} data-testid={testId} aria-label={label} fill disabled={disabled}
          value={value === null || value === undefined ? '' : String(value)} autoFocus={autoFocus}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            onChange(raw === '' ? null : (def.enum.options.find((o) => String(o.value) === raw)?.value ?? raw));
          }}
        >
          <option value="">{t('common.select')}</option>
          {def.enum.options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>{enumLabel(def, o.value, t)}</option>
          ))}
        </HTMLSelect>
      );
    }
    case 'reference': {
      const display = values[referenceDisplayKey(name)];
      if (def.multiple) {
        return (
          <ReferenceMultiSelect resource={def.resource} value={idsOf(value)} onChange={onChange} t={t} disabled={disabled}
            invalid={invalid} testId={testId} ariaLabel={label} params={referenceParams(def, values)}
            currentLabels={Array.isArray(display) ? display.map(String) : undefined} />
        );
      }
      return (
        <ReferenceSelect resource={def.resource} fill disabled={disabled} testId={testId} ariaLabel={label}
          value={value === null || value === undefined || value === '' ? null : Number(value)}
          emptyText={t('common.select')} onChange={onChange} params={referenceParams(def, values)}
          currentLabel={typeof display === 'string' ? display : undefined} excludeId={excludeId} />
      );
    }
    case 'files':
      return (
        <FilesEditor resource={resource ?? ''} name={name} label={label} value={value} onChange={onChange} t={t}
          disabled={disabled || !resource} />
      );
    default:
      return (
        <InputGroup id={testId} data-testid={testId} aria-label={label} fill value={text} disabled={disabled}
          intent={intent} maxLength={def.maxLength} autoFocus={autoFocus} autoComplete="off"
          onChange={(e) => onChange(e.currentTarget.value)} />
      );
  }
}
