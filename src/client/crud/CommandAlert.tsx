import { useCallback } from 'react';
import { Alert, Callout, Classes } from '@blueprintjs/core';
import { describeError } from './api-error';
import type { PendingCommand, Translate } from './types';

interface CommandAlertProps {
  pending: PendingCommand;
  t: Translate;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a command on a record runs, and says why it failed. The confirm button is `confirm-command`. */
export function CommandAlert({ pending, t, onConfirm, onCancel }: CommandAlertProps) {
  // Alert passes no attributes to its buttons: tag the confirm button once it is in the DOM.
  const tagConfirmButton = useCallback((element: HTMLDivElement | null) => {
    const button = element?.closest(`.${Classes.ALERT}`)?.querySelector(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}`);
    button?.setAttribute('data-testid', 'confirm-command');
  }, []);
  return (
    <Alert
      isOpen
      intent="warning"
      icon="confirm"
      confirmButtonText={t('common.ok')}
      cancelButtonText={t('common.cancel')}
      loading={pending.running}
      canEscapeKeyCancel={!pending.running}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div ref={tagConfirmButton} data-testid="command-alert">
        {pending.message && <p>{pending.message}</p>}
        {pending.error && <Callout intent="danger" compact>{t('crud.commandFailed', { message: describeError(pending.error) })}</Callout>}
      </div>
    </Alert>
  );
}
