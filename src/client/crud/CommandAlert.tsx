import { describeError } from './api-error';
import { ConfirmAlert } from './ConfirmAlert';
import type { PendingCommand, Translate } from './types';

interface CommandAlertProps {
  pending: PendingCommand;
  t: Translate;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a command on a record runs, and says why it failed. The confirm button is `confirm-command`. */
export function CommandAlert({ pending, t, onConfirm, onCancel }: CommandAlertProps) {
  return (
    <ConfirmAlert testId="command-alert" confirmTestId="confirm-command" intent="warning" icon="confirm" confirmText={t('common.ok')}
      cancelText={t('common.cancel')} running={pending.running} onConfirm={onConfirm} onCancel={onCancel}
      failure={pending.error ? { text: t('crud.commandFailed', { message: describeError(pending.error) }) } : null}>
      {pending.message && <p>{pending.message}</p>}
    </ConfirmAlert>
  );
}
