import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { describeError } from './api-error';
import type { CrudError, Translate } from './types';

/** How a dialog words the server's refusal; by default its message with the member-level messages under it. */
export interface Refusal {
  intent: Intent;
  text: string;
  details?: string[];
}

const defaultRefusal = (error: CrudError): Refusal => ({
  intent: 'danger',
  text: describeError(error),
  details: (error.validationErrors ?? []).map((v) => v.message).filter((m) => m && m !== error.message),
});

interface FormDialogProps {
  title: string;
  testId: string;
  saving?: boolean;
  error?: CrudError | null;
  submitText: string;
  intent?: Intent;
  canSubmit: boolean;
  t: Translate;
  width?: number;
  refusal?: (error: CrudError) => Refusal;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

function RefusalCallout({ refusal, testId }: { refusal: Refusal; testId: string }) {
  const details = refusal.details ?? [];
  return (
    <Callout intent={refusal.intent} compact style={{ marginTop: 10 }} data-testid={testId}>
      {refusal.text}
      {details.length > 0 && <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>{details.map((m) => <li key={m}>{m}</li>)}</ul>}
    </Callout>
  );
}

/**
 * Enter in a text area submits (Shift+Enter is a new line). An Enter that confirms an input-method candidate — how
 * Chinese is typed — must not submit.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * A dialog around a form (a status move, a note, a correction): Enter submits, Escape cancels (not while saving), the
 * refusal is shown under the fields and the buttons wait while the request runs.
 */
export function FormDialog(props: FormDialogProps) {
  const {
    title, testId, saving = false, error = null, submitText, intent = 'primary', canSubmit, t, width = 480,
    refusal = defaultRefusal, onSubmit, onClose, children,
  } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !saving) onSubmit();
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} canOutsideClickClose={false} canEscapeKeyClose={!saving} style={{ width }}>
      <form onSubmit={submit} data-testid={testId} noValidate>
        <DialogBody>
          {children}
          {error && <RefusalCallout refusal={refusal(error)} testId={`${testId}-error`} />}
        </DialogBody>
        <DialogFooter actions={(
          <>
            <Button text={t('common.cancel')} disabled={saving} onClick={onClose} data-testid={`${testId}-cancel`} />
            <Button type="submit" intent={intent} text={submitText} loading={saving} disabled={!canSubmit} data-testid={`${testId}-submit`} />
          </>
        )} />
      </form>
    </Dialog>
  );
}
