import { useMemo, useState } from 'react';
import { parseCalendarDate } from '../../../shared/time';
import { DateField } from '../../time/DateField';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Spinner, TextArea } from '@blueprintjs/core';
import type { FileInfo } from '../../../shared/resource-kit';
import { describeError } from '../../crud/api-error';
import { FilesEditor } from '../../crud/FilesEditor';
import { useCrudTranslation } from '../../crud/hooks';
import { ReferenceSelect } from '../../crud/ReferenceSelect';
import type { Translate } from '../../crud/types';
import { LinesEditor } from './LinesEditor';
import {
  headerFromOrder, LINES_KEY, linesFromOrder, newLine, orderBody, splitProblems, validateLines, type LineDraft, type OrderHeader,
} from './order-lines';
import { bodyKey, type OrderFormState } from './orderFormSlice';
import { TRANSFER_RESOURCE } from './transferView';
import { corporateType } from '../../../shared/enums';
import type { OrderBody } from './types';

interface OrderFormDialogProps {
  form: OrderFormState;
  declarant: string | null;
  t: Translate;
  onSubmit: (body: OrderBody) => void;
  onClose: () => void;
}

const PARTY_FIELDS = [
  ['producerId', 'producerName', corporateType.producer],
  ['transporterId', 'transporterName', corporateType.transporter],
  ['receiverId', 'receiverName', corporateType.receiver],
] as const;
const HEADER_REQUIRED = ['producerId', 'transporterId', 'receiverId', 'plannedDate'] as const;
const OWN_FIELDS = [...HEADER_REQUIRED, 'remarks', 'attachments'];

/**
 * Create or edit an order: the three parties, the planned date, remarks, attachments and the lines. Submitting
 * checks first (the saga calls CheckProductionWaste): errors sit beside their cells, warnings in a callout, and the
 * same body submitted again goes through with its warnings.
 */
export function OrderFormDialog({ form, declarant, t, onSubmit, onClose }: OrderFormDialogProps) {
  const { language } = useCrudTranslation();
  const [header, setHeader] = useState<OrderHeader>(() => headerFromOrder(form.order));
  const [lines, setLines] = useState<LineDraft[]>(() => (form.order ? linesFromOrder(form.order.lines ?? []) : [newLine()]));
  const [local, setLocal] = useState<Record<string, string>>({});
  // Server messages of cells the clerk has changed since no longer apply.
  const [stale, setStale] = useState<{ errors: unknown; keys: ReadonlySet<string> }>({ errors: form.errors, keys: new Set() });
  const staleKeys = stale.errors === form.errors ? stale.keys : new Set<string>();
  const server = useMemo(() => splitProblems(form.errors, OWN_FIELDS), [form.errors]);
  const busy = form.phase !== 'editing';
  const body = orderBody(header, lines);
  const warnedNow = form.warnings.length > 0 && form.warnedBody === bodyKey(body);
  const f = (name: string) => t(`resource.TransferOrder.fields.${name}`);

  const markStale = (keys: string[]) => setStale({ errors: form.errors, keys: new Set([...staleKeys, ...keys]) });
  const setField = <K extends keyof OrderHeader>(name: K, value: OrderHeader[K]) => {
    setHeader({ ...header, [name]: value });
    markStale([name]);
    if (local[name]) setLocal({ ...local, [name]: '' });
  };
  const cellErrors: Record<string, string | undefined> = {};
  for (const [key, message] of Object.entries(server.cells)) if (!staleKeys.has(key)) cellErrors[key] = message;
  for (const [key, message] of Object.entries(local)) if (message && key.startsWith(`${LINES_KEY}[`)) cellErrors[key] = message;
  const fieldError = (name: string) => local[name] || (!staleKeys.has(name) ? server.fields[name] : undefined);

  const submit = () => {
    const problems: Record<string, string> = validateLines(lines, t, language);
    for (const name of HEADER_REQUIRED) if (!header[name]) problems[name] = t('validation.required', { field: f(name) });
    if (header.plannedDate && !parseCalendarDate(header.plannedDate)) problems.plannedDate = t('validation.date', { field: f('plannedDate') });
    setLocal(problems);
    if (Object.keys(problems).length === 0) onSubmit(body);
  };

  const changeProducer = (id: number | null) => {
    // Hazardous-waste records belong to their producer: another producer's lines must be chosen again.
    if (id !== header.producerId) setLines(lines.map((line) => ({ ...line, hazardouswasteId: null, hazardouswasteName: undefined })));
    setField('producerId', id);
  };

  const title = t(form.mode === 'create' ? 'transfer.createTitle' : 'transfer.editTitle', { no: form.order?.manifestNo ?? '' });
  const general = [...new Set([...server.general, ...(local[LINES_KEY] ? [local[LINES_KEY]] : [])])];
  const conflict = form.error?.status === 409;
  const otherFailure = form.error && !conflict && (form.error.validationErrors ?? []).length === 0;

  return (
    <Dialog isOpen title={title} icon="document" onClose={onClose} canOutsideClickClose={false} canEscapeKeyClose={!busy}
      style={{ width: 1080, maxWidth: '96vw' }}>
      <form data-testid="order-form" onSubmit={(e) => { e.preventDefault(); if (!busy) submit(); }}>
        <DialogBody>
          {form.loading && <Spinner size={28} />}
          {!form.loading && form.mode === 'edit' && !form.order && (
            <Callout intent="danger" data-testid="form-load-failed">{t('common.loadFailed')}{form.error ? `：${describeError(form.error)}` : ''}</Callout>
          )}
          {!form.loading && (form.mode === 'create' || form.order) && (
            <>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '0 12px' }}>
                {PARTY_FIELDS.map(([name, nameKey, type]) => (
                  <FormGroup key={name} label={f(name)} labelInfo="*" intent={fieldError(name) ? 'danger' : 'none'} helperText={fieldError(name)}>
                    <ReferenceSelect resource="EnterpriseInformation" params={{ corporateType: type }} fill testId={`form-${name}`} ariaLabel={f(name)}
                      value={header[name]} emptyText={t('common.select')} disabled={busy}
                      currentLabel={form.order ? String(form.order[nameKey] ?? '') : undefined}
                      onChange={(id) => (name === 'producerId' ? changeProducer(id) : setField(name, id))} />
                  </FormGroup>
                ))}
                <FormGroup label={f('plannedDate')} labelInfo="*" intent={fieldError('plannedDate') ? 'danger' : 'none'} helperText={fieldError('plannedDate')}>
                  <DateField testId="form-plannedDate" ariaLabel={f('plannedDate')} value={header.plannedDate} disabled={busy} fill
                    invalid={fieldError('plannedDate') !== undefined} onChange={(value) => setField('plannedDate', value ?? '')} />
                </FormGroup>
                <FormGroup label={f('declarantName')}>
                  <InputGroup readOnly value={declarant ?? ''} data-testid="form-declarant" aria-label={f('declarantName')} />
                </FormGroup>
              </div>
              <FormGroup label={t('transfer.linesSection')}>
                <LinesEditor rows={lines} producerId={header.producerId} errors={cellErrors} disabled={busy} t={t} language={language}
                  onChange={(next, keys) => {
                    setLines(next);
                    markStale(keys);
                    if (keys.some((k) => local[k])) setLocal(Object.fromEntries(Object.entries(local).filter(([k]) => !keys.includes(k))));
                  }} />
              </FormGroup>
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 12px' }}>
                <FormGroup label={f('remarks')} labelFor="form-remarks">
                  <TextArea id="form-remarks" fill rows={2} maxLength={1000} value={header.remarks} disabled={busy} data-testid="form-remarks"
                    onChange={(e) => setField('remarks', e.currentTarget.value)} />
                </FormGroup>
                <FormGroup label={f('attachments')}>
                  <FilesEditor resource={TRANSFER_RESOURCE} name="attachments" label={f('attachments')} value={header.attachments} t={t}
                    disabled={busy} onChange={(files: FileInfo[]) => setField('attachments', files)} />
                </FormGroup>
              </div>
              {general.length > 0 && (
                <Callout intent="danger" compact data-testid="form-problems">{general.map((m) => <div key={m}>{m}</div>)}</Callout>
              )}
              {form.warnings.length > 0 && (
                <Callout intent="warning" compact icon="warning-sign" title={t('transfer.warningsTitle')} data-testid="form-warnings" style={{ marginTop: 8 }}>
                  {form.warnings.map((w) => <div key={`${w.code}-${w.message}`} data-code={w.code}>{w.message}</div>)}
                  <div className={Classes.TEXT_MUTED} style={{ marginTop: 4 }}>{t('transfer.warningsHint')}</div>
                </Callout>
              )}
              {(conflict || otherFailure) && (
                <Callout intent={conflict ? 'warning' : 'danger'} compact data-testid="form-error" style={{ marginTop: 8 }}>
                  {conflict ? t('transfer.conflict') : describeError(form.error!)}
                </Callout>
              )}
            </>
          )}
        </DialogBody>
        <DialogFooter actions={(
          <>
            <Button text={t('common.cancel')} disabled={busy} onClick={onClose} data-testid="form-cancel" />
            <Button type="submit" intent={warnedNow ? 'warning' : 'primary'} loading={busy} disabled={form.loading || (form.mode === 'edit' && !form.order)}
              text={warnedNow ? t('transfer.submitAnyway') : t('transfer.submit')} data-testid="form-submit" />
          </>
        )} />
      </form>
    </Dialog>
  );
}
