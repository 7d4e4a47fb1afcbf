import type { FormEvent, ReactNode } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, type Intent } from '@blueprintjs/core';
import { refusalText } from './moves';
import type { CrudError, Translate } from '../../crud/types';

interface MoveDialogFrameProps {
  title: string;
  testId: string;
  pending: boolean;
  error: CrudError | null;
  submitText: string;
  intent?: Intent;
  canSubmit: boolean;
  t: Translate;
  width?: number;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of every move's dialog: a form (Enter submits), the server's refusal, and buttons that wait while it runs. */
export function MoveDialogFrame(props: MoveDialogFrameProps) {
  const { title, testId, pending, error, submitText, intent = 'primary', canSubmit, t, width = 480, onSubmit, onClose, children } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !pending) onSubmit();
  };
  return (
    <Dialog isOpen title={title} onClose={onClose} canOutsideClickClose={false} canEscapeKeyClose={!pending} style={{ width }}>
      <form onSubmit={submit} data-testid={testId}>
        <DialogBody>
          {children}
          {error && (
            <Callout intent={error.status === 409 ? 'warning' : 'danger'} compact style={{ marginTop: 10 }} data-testid={`${testId}-error`}>
              {error.status === 409 ? t('transfer.conflict') : refusalText(error)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter actions={(
          <>
            <Button text={t('common.cancel')} disabled={pending} onClick={onClose} data-testid={`${testId}-cancel`} />
            <Button type="submit" intent={intent} text={submitText} loading={pending} disabled={!canSubmit} data-testid={`${testId}-submit`} />
          </>
        )} />
      </form>
    </Dialog>
  );
}
