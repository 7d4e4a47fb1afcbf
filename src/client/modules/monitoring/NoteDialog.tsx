import { useState } from 'react';
import { FormGroup, TextArea } from '@blueprintjs/core';
import type { Translate } from '../../crud/types';
import { FormDialog, submitOnEnter } from '../../crud/FormDialog';
import { type WarningTargetStatus } from './types';
import { warningStatus } from '../../../shared/enums';

interface NoteDialogProps {
  status: WarningTargetStatus;
  /** What the warning is (type and device), shown above the note. */
  subject: string;
  t: Translate;
  onSubmit: (note: string) => void;
  onClose: () => void;
}

const NOTE_MAX = 500;

/** Acknowledge (a note if the supervisor wants one) or close (saying how it was handled is required). */
export function NoteDialog({ status, subject, t, onSubmit, onClose }: NoteDialogProps) {
  const [note, setNote] = useState('');
  const acknowledging = status === warningStatus.acknowledged;
  const missing = !acknowledging && note.trim() === '';
  const [tried, setTried] = useState(false);
  return (
    <FormDialog title={t(acknowledging ? 'monitoring.acknowledgeTitle' : 'monitoring.closeTitle')} testId="warning-note"
      submitText={t(acknowledging ? 'monitoring.acknowledge' : 'monitoring.close')} intent={acknowledging ? 'primary' : 'success'}
      canSubmit t={t} onClose={onClose}
      onSubmit={() => {
        setTried(true);
        if (!missing) onSubmit(note.trim());
      }}>
      <p data-testid="warning-note-subject">{subject}</p>
      <FormGroup label={t(acknowledging ? 'monitoring.acknowledgeNote' : 'monitoring.closeNote')} labelFor="warning-note-input"
        helperText={tried && missing ? t('monitoring.noteRequired') : t('monitoring.noteHint')} intent={tried && missing ? 'danger' : 'none'}>
        <TextArea id="warning-note-input" fill autoFocus rows={3} maxLength={NOTE_MAX} value={note} data-testid="warning-note-input"
          intent={tried && missing ? 'danger' : 'none'} aria-invalid={tried && missing}
          onChange={(e) => setNote(e.currentTarget.value)} onKeyDown={submitOnEnter} />
      </FormGroup>
    </FormDialog>
  );
}
