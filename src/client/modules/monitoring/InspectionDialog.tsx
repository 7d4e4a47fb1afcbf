import { useState } from 'react';
import { dayOf, parseCalendarDate, type CalendarDate } from '../../../shared/time';
import { useTimeZone } from '../../session/useTimeZone';
import { currentTime } from '../../time/clock';
import { DateField } from '../../time/DateField';
import { FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { evaluation, inspectionType } from '../../../shared/enums';
import type { CrudError, Translate } from '../../crud/types';
import { FormDialog } from '../../crud/FormDialog';
import { formatDateTime, formatMeasure } from './format';
import type { ConsoleWarning } from './selectors';
import { unitOf } from './severity';
import { INSPECTION_HAZARDOUS_WASTE, type InspectionInput } from './types';

/** What the inspection records about the warning: device, type, value against threshold, when and how often. */
function findingsOf(warning: ConsoleWarning, t: Translate, zone: string): string {
  const unit = unitOf(warning.warningType);
  return t('monitoring.findingsText', {
    device: warning.serialNumber,
    place: warning.storagePlace ?? '—',
    type: t(`enum.warningType.${warning.warningType}`),
    value: formatMeasure(warning.value ?? warning.quantity, unit),
    threshold: formatMeasure(warning.threshold, unit),
    raisedAt: formatDateTime(warning.raisedAt, zone),
    lastSeenAt: formatDateTime(warning.lastSeenAt, zone),
    count: Math.max(1, warning.occurrences),
  });
}

/** The inspection's starting values: the warning's enterprise, hazardous waste, the tenant's today, the supervisor as inspector. */
function inspectionFromWarning(warning: ConsoleWarning, inspector: string, t: Translate, zone: string, today: CalendarDate): InspectionInput {
  return {
    enterpriseId: warning.enterpriseId,
    inspectionType: INSPECTION_HAZARDOUS_WASTE,
    evaluation: null,
    inspectionDate: today,
    inspector,
    findings: findingsOf(warning, t, zone),
    rectificationDeadline: null,
  };
}

interface InspectionDialogProps {
  warning: ConsoleWarning;
  inspector: string;
  saving: boolean;
  error: CrudError | null;
  t: Translate;
  onSubmit: (input: InspectionInput) => void;
  onClose: () => void;
}

/** A regular inspection written from a warning (RegularInspections/Create), prefilled and editable. */
export function InspectionDialog({ warning, inspector, saving, error, t, onSubmit, onClose }: InspectionDialogProps) {
  const zone = useTimeZone();
  const [values, setValues] = useState<InspectionInput>(() => inspectionFromWarning(warning, inspector, t, zone, dayOf(currentTime(), zone)));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof InspectionInput>(key: K, value: InspectionInput[K]) => setValues((v) => ({ ...v, [key]: value }));
  const f = (name: string) => t(`resource.RegularInspections.fields.${name}`);
  const problems: Partial<Record<keyof InspectionInput, string>> = {};
  if (values.evaluation === null) problems.evaluation = t('validation.required', { field: f('evaluation') });
  if (values.inspectionDate === '') problems.inspectionDate = t('validation.required', { field: f('inspectionDate') });
  else if (!parseCalendarDate(values.inspectionDate)) problems.inspectionDate = t('validation.date', { field: f('inspectionDate') });
  if (values.rectificationDeadline && !parseCalendarDate(values.rectificationDeadline)) {
    problems.rectificationDeadline = t('validation.date', { field: f('rectificationDeadline') });
  }
  if (values.inspector.trim() === '') problems.inspector = t('validation.required', { field: f('inspector') });
  const shown = (key: keyof InspectionInput) => (tried ? problems[key] : undefined)
    ?? error?.validationErrors?.find((v) => v.members.some((m) => m.toLowerCase() === key.toLowerCase()))?.message;
  const group = (key: keyof InspectionInput, required: boolean) => ({
    label: f(key), labelFor: `inspection-${key}`, labelInfo: required ? `(${t('common.required')})` : undefined,
    intent: shown(key) ? ('danger' as const) : ('none' as const), helperText: shown(key),
  });

  return (
    <FormDialog title={t('monitoring.inspectionTitle')} testId="inspection" saving={saving} error={error} width={620}
      submitText={t('common.save')} canSubmit t={t} onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (Object.keys(problems).length === 0) {
          onSubmit({ ...values, inspector: values.inspector.trim(), findings: values.findings.trim(), rectificationDeadline: values.rectificationDeadline || null });
        }
      }}>
      <FormGroup label={f('enterpriseId')}>
        <InputGroup readOnly value={warning.enterpriseName ?? `#${warning.enterpriseId}`} data-testid="inspection-enterprise" />
      </FormGroup>
      <div style={{ display: 'flex', gap: 12 }}>
        <FormGroup {...group('inspectionType', true)} style={{ flex: 1 }}>
          <HTMLSelect id="inspection-inspectionType" fill value={values.inspectionType} data-testid="inspection-type"
            onChange={(e) => set('inspectionType', Number(e.currentTarget.value))}>
            {inspectionType.options.map((o) => <option key={String(o.value)} value={Number(o.value)}>{t(`enum.inspectionType.${o.value}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
        <FormGroup {...group('evaluation', true)} style={{ flex: 1 }}>
          <HTMLSelect id="inspection-evaluation" fill value={values.evaluation ?? ''} data-testid="inspection-evaluation"
            onChange={(e) => set('evaluation', e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}>
            <option value="">{t('common.select')}</option>
            {evaluation.options.map((o) => <option key={String(o.value)} value={Number(o.value)}>{t(`enum.evaluation.${o.value}`)}</option>)}
          </HTMLSelect>
        </FormGroup>
      </div>
      <div style={{ display: 'flex', gap: 12 }}>
        <FormGroup {...group('inspectionDate', true)} style={{ flex: 1 }}>
          <DateField id="inspection-inspectionDate" value={values.inspectionDate} testId="inspection-date" fill
            invalid={shown('inspectionDate') !== undefined} onChange={(v) => set('inspectionDate', v ?? '')} />
        </FormGroup>
        <FormGroup {...group('inspector', true)} style={{ flex: 1 }}>
          <InputGroup id="inspection-inspector" maxLength={50} value={values.inspector} data-testid="inspection-inspector"
            onChange={(e) => set('inspector', e.currentTarget.value)} />
        </FormGroup>
        <FormGroup {...group('rectificationDeadline', false)} style={{ flex: 1 }}>
          <DateField id="inspection-rectificationDeadline" value={values.rectificationDeadline} testId="inspection-deadline" fill
            invalid={shown('rectificationDeadline') !== undefined} onChange={(v) => set('rectificationDeadline', v)} />
        </FormGroup>
      </div>
      <FormGroup {...group('findings', false)}>
        <TextArea id="inspection-findings" fill rows={4} maxLength={2000} value={values.findings} data-testid="inspection-findings"
          onChange={(e) => set('findings', e.currentTarget.value)} />
      </FormGroup>
    </FormDialog>
  );
}
