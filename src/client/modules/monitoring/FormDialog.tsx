import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import type { CrudError, Translate } from '../../crud/types';

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
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The server's refusal: its message, and the member-level messages under it. */
function RefusalCallout({ error, testId }: { error: CrudError; testId: string }) {
  const details = (error.validationErrors ?? []).map((v) => v.message).filter((m) => m && m !== error.message);
  return (
    <Callout intent="danger" compact style={{ marginTop: 10 }} data-testid={testId}>
      {describeError(error)}
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

/** A dialog around a form: Enter submits, Escape cancels (not while saving), the refusal shown under the fields. */
export function FormDialog(props: FormDialogProps) {
  const { title, testId, saving = false, error = null, submitText, intent = 'primary', canSubmit, t, width = 480, onSubmit, onClose, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !saving) onSubmit();
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} canOutsideClickClose={false} canEscapeKeyClose={!saving} style={{ width }}>
      <form onSubmit={submit} data-testid={testId} noValidate>
        <DialogBody>
          {children}
          {error && <RefusalCallout error={error} testId={`${testId}-error`} />}
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
