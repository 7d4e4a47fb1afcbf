import { describeError } from './api-error';
import { ConfirmAlert, type PendingAlertProps } from './ConfirmAlert';
import type { PendingCommand } from './types';

/** Asks before a command on a record runs, and says why it failed. The confirm button is `confirm-command`. */
export function CommandAlert({ pending, t, onConfirm, onCancel }: PendingAlertProps<PendingCommand>) {
  return (
    <ConfirmAlert testId="command-alert" confirmTestId="confirm-command" intent="warning" icon="confirm" confirmText={t('common.ok')}
      cancelText={t('common.cancel')} running={pending.running} onConfirm={onConfirm} onCancel={onCancel}
      failure={pending.error ? { text: t('crud.commandFailed', { message: describeError(pending.error) }) } : null}>
      {pending.message && <p>{pending.message}</p>}
    </ConfirmAlert>
  );
}
