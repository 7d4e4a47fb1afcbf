import { useState } from 'react';
import { Classes, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import type { CrudError, Translate } from '../../crud/types';
import { FormDialog, submitOnEnter } from '../../crud/FormDialog';
import { formatKg } from './format';

const WEIGHT = /^\d+(\.\d{1,3})?$/;

interface CorrectionDialogProps {
  name: string;
  currentWeight: number;
  saving: boolean;
  error: CrudError | null;
  t: Translate;
  onSubmit: (input: { currentWeight: number; reason: string }) => void;
  onClose: () => void;
}

/** A recorded manual correction of a point's weight (after emptying by hand, a faulty reading): the reason is required. */
export function CorrectionDialog({ name, currentWeight, saving, error, t, onSubmit, onClose }: CorrectionDialogProps) {
  const [weight, setWeight] = useState(() => String(currentWeight));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const weightText = weight.trim().replace(/,/g, '');
  const weightBad = !WEIGHT.test(weightText);
  const reasonBad = reason.trim() === '';
  const serverSays = (member: string) =>
    error?.validationErrors?.filter((v) => v.members.some((m) => m.toLowerCase() === member.toLowerCase())).map((v) => v.message).join(' ');
  const weightError = (tried && weightBad ? t('monitoring.weightInvalid') : '') || serverSays('currentWeight');
  const reasonError = (tried && reasonBad ? t('monitoring.reasonRequired') : '') || serverSays('reason');
  return (
    <FormDialog title={t('monitoring.correctTitle', { name })} testId="correction" saving={saving} error={error}
      submitText={t('common.save')} canSubmit t={t} onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!weightBad && !reasonBad) onSubmit({ currentWeight: Number(weightText), reason: reason.trim() });
      }}>
      <FormGroup label={t('monitoring.correctedWeight')} labelFor="correction-weight" intent={weightError ? 'danger' : 'none'}
        helperText={weightError || t('monitoring.weightKg', { weight: formatKg(currentWeight) })}>
        <InputGroup id="correction-weight" inputMode="decimal" autoComplete="off" autoFocus value={weight} data-testid="correction-weight"
          intent={weightError ? 'danger' : 'none'} style={{ textAlign: 'right' }} rightElement={<span className={Classes.TEXT_MUTED} style={{ padding: '0 8px', lineHeight: '30px' }}>{t('monitoring.kg')}</span>}
          onChange={(e) => setWeight(e.currentTarget.value)} />
      </FormGroup>
      <FormGroup label={t('monitoring.correctReason')} labelFor="correction-reason" intent={reasonError ? 'danger' : 'none'}
        helperText={reasonError || t('monitoring.noteHint')}>
        <TextArea id="correction-reason" fill rows={3} maxLength={500} value={reason} data-testid="correction-reason"
          intent={reasonError ? 'danger' : 'none'} onChange={(e) => setReason(e.currentTarget.value)} onKeyDown={submitOnEnter} />
      </FormGroup>
    </FormDialog>
  );
}
