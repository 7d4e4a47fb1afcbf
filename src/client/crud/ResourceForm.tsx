import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, H6, ProgressBar } from '@blueprintjs/core';
import type { FieldDef, Language } from '../../shared/resource-kit';
import { describeError } from './api-error';
import { FieldEditor } from './FieldEditor';
import { clearedByChange, initialFormValues, toPayload, type FormValues } from './form-values';
import { useCrudSelector } from './hooks';
import { useTimeZone } from '../session/useTimeZone';
import { selectUploads } from './slice';
import type { EditingState, ResourceView, Translate } from './types';
import { validateForm } from './validation';
import { formFieldNames, serviceOf } from './view';

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 } as const;

export type FormMode = EditingState['mode'];

/** What an extra form section is given: the working values and a way to change them. */
export interface FormSectionContext {
  values: FormValues;
  setValue: (name: string, value: unknown) => void;
  setValues: (patch: FormValues) => void;
  mode: FormMode;
  /** Client and server messages by value key. */
  errors: Record<string, string | undefined>;
  disabled: boolean;
  t: Translate;
  language: Language;
}

/** Part of the dialog beyond the declared fields (a password pair, role checkboxes, a permission tree). */
export interface FormSection {
  key: string;
  /** Already translated heading. */
  title?: string;
  /** Value keys this section owns; they are sent with Create/Update. */
  valueKeys?: readonly string[];
  /** Only shown (and only validated) in this mode. */
  mode?: FormMode;
  /**
   * Declared form fields shown in this section, after what `render` draws, instead of in the main grid; they keep
   * their editors, rules and place in the body.
   */
  fields?: readonly string[];
  render?: (ctx: FormSectionContext) => ReactNode;
  /** Messages by value key; run with the declared rules before saving. */
  validate?: (values: FormValues, mode: FormMode, t: Translate) => Record<string, string | undefined>;
}

export interface ResourceFormProps {
  view: ResourceView;
  editing: EditingState;
  saving: boolean;
  title: string;
  t: Translate;
  language: Language;
  sections?: readonly FormSection[];
  /** Last word on the body (e.g. a field only the server fills); gets the converted body and the raw values. */
  transformPayload?: (body: Record<string, unknown>, values: FormValues, mode: FormMode) => Record<string, unknown>;
  /**
   * Values that follow from a change (a waste code brings its hazard characteristics): given the changed values and
   * the values after the change, returns more changes, or nothing.
   */
  deriveValues?: (patch: FormValues, next: FormValues, mode: FormMode) => FormValues | undefined | void;
  width?: number;
  onSave: (body: Record<string, unknown>) => void;
  onClose: () => void;
}

const wide = (def: FieldDef) =>
  def.kind === 'text' || def.kind === 'files' || ((def.kind === 'enum' || def.kind === 'reference') && def.multiple === true);

/**
 * The create/edit dialog derived from the declaration. It mounts per opened record (the page keys it), so its
 * working copy starts from the editing state and never has to be synchronised.
 */
export function ResourceForm(props: ResourceFormProps) {
  const { view, editing, saving, title, t, language, sections = [], transformPayload, deriveValues, width = 720, onSave, onClose } = props;
  const activeSections = sections.filter((s) => !s.mode || s.mode === editing.mode);
  const allFields = useMemo(() => formFieldNames(view), [view]);
  const sectionFields = new Set(activeSections.flatMap((s) => s.fields ?? []));
  const fields = allFields.filter((name) => !sectionFields.has(name));
  // Saving while a file is still on its way would leave it out of the record.
  const uploading = useCrudSelector((s) => Object.values(selectUploads(s)).some((u) => u.resource === view.name && u.status === 'uploading'));
  const zone = useTimeZone();
  const [values, setValuesState] = useState<FormValues>(() => initialFormValues(view, editing.values, zone));
  const [clientErrors, setClientErrors] = useState<Record<string, string | undefined>>({});
  // A server message stays under its field until that field is changed.
  const [changedSinceServer, setChangedSinceServer] = useState<{ errors: EditingState['fieldErrors']; keys: Set<string> }>({
    errors: editing.fieldErrors, keys: new Set(),
  });
  const changedKeys = changedSinceServer.errors === editing.fieldErrors ? changedSinceServer.keys : new Set<string>();

  const setValues = (change: FormValues) => {
    const derived = deriveValues?.(change, { ...values, ...change }, editing.mode) ?? {};
    const patch = { ...clearedByChange(view, values, change), ...change, ...derived };
    setValuesState((current) => ({ ...current, ...patch }));
    setClientErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
    setChangedSinceServer({ errors: editing.fieldErrors, keys: new Set([...changedKeys, ...Object.keys(patch)]) });
  };
  const setValue = (name: string, value: unknown) => setValues({ [name]: value });

  const errorOf = (key: string): string | undefined => {
    if (clientErrors[key]) return clientErrors[key];
    if (changedKeys.has(key)) return undefined;
    return editing.fieldErrors[key]?.join(' ');
  };
  const errors: Record<string, string | undefined> = {};
  for (const key of new Set([...Object.keys(clientErrors), ...Object.keys(editing.fieldErrors)])) errors[key] = errorOf(key);

  const disabled = saving || editing.loading;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || uploading) return;
    const found: Record<string, string | undefined> = { ...validateForm(view, values, t, language) };
    for (const section of activeSections) Object.assign(found, section.validate?.(values, editing.mode, t));
    const messages = Object.fromEntries(Object.entries(found).filter(([, m]) => m));
    setClientErrors(messages);
    if (Object.keys(messages).length > 0) return;
    const extraKeys = activeSections.flatMap((s) => s.valueKeys ?? []);
    const body = toPayload(view, values, extraKeys);
    onSave(transformPayload ? transformPayload(body, values, editing.mode) : body);
  };

  const fieldErrorKeys = Object.keys(editing.fieldErrors);
  // Server messages about members the dialog does not show still have to be read somewhere.
  const placed = new Set([...allFields, ...activeSections.flatMap((s) => s.valueKeys ?? [])]);
  const unplaced = fieldErrorKeys.filter((k) => !placed.has(k)).flatMap((k) => editing.fieldErrors[k]);
  const generalError = editing.error && fieldErrorKeys.length === 0 ? describeError(editing.error) : null;
  const context: FormSectionContext = { values, setValue, setValues, mode: editing.mode, errors, disabled, t, language };

  const renderField = (name: string, autoFocus: boolean) => {
    const def = view.fields[name];
    const label = t(view.i18n.field(name));
    const error = errorOf(name);
    return (
      <FormGroup key={name} label={label} labelFor={`form-field-${name}`} labelInfo={def.required ? '*' : undefined}
        intent={error ? 'danger' : 'none'} helperText={error} style={{ gridColumn: wide(def) ? '1 / -1' : undefined, marginBottom: 10 }}>
        <FieldEditor name={name} def={def} label={label} value={values[name]} values={values} t={t} language={language}
          disabled={disabled} invalid={Boolean(error)} autoFocus={autoFocus} resource={view.name}
          excludeId={def.kind === 'reference' && def.resource === serviceOf(view) ? editing.id : undefined}
          onChange={(v) => setValue(name, v)} />
      </FormGroup>
    );
  };

  return (
    <Dialog isOpen title={title} icon={editing.mode === 'create' ? 'add' : 'edit'} onClose={saving ? undefined : onClose}
      style={{ width, maxWidth: 'calc(100vw - 40px)' }} canOutsideClickClose={false}>
      <form onSubmit={submit} noValidate data-testid="resource-form">
        <DialogBody>
          {editing.loading && <ProgressBar intent="primary" stripes animate value={undefined} className="crud-form-loading" />}
          {generalError && (
            <Callout intent="danger" compact style={{ marginBottom: 10 }} data-testid="form-error">
              {editing.loadFailed ? t('crud.loadRecordFailed', { message: generalError }) : generalError}
            </Callout>
          )}
          {fieldErrorKeys.length > 0 && (
            <Callout intent="danger" compact style={{ marginBottom: 10 }} data-testid="form-error">
              {t('crud.saveFailed')}
              {unplaced.map((message, i) => <div key={i}>{message}</div>)}
            </Callout>
          )}
          <div style={GRID}>{fields.map((name, index) => renderField(name, index === 0))}</div>
          {activeSections.map((section) => (
            <div key={section.key} data-testid={`form-section-${section.key}`} style={{ marginTop: 6 }}>
              {section.title && <H6 style={{ margin: '4px 0 8px' }}>{section.title}</H6>}
              {section.render?.(context)}
              {section.fields && section.fields.length > 0 && (
                <div style={GRID}>{section.fields.filter((name) => allFields.includes(name)).map((name) => renderField(name, false))}</div>
              )}
            </div>
          ))}
        </DialogBody>
        <DialogFooter actions={(
          <>
            <Button text={t('common.cancel')} disabled={saving} onClick={onClose} data-testid="btn-cancel" />
            <Button type="submit" intent="primary" icon="floppy-disk" text={t('common.save')} loading={saving}
              disabled={editing.loading || uploading} title={uploading ? t('crud.filesBusy') : undefined} data-testid="btn-save" />
          </>
        )} />
      </form>
    </Dialog>
  );
}
