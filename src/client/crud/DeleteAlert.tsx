import { describeError } from './api-error';
import { ConfirmAlert, type PendingAlertProps } from './ConfirmAlert';
import type { PendingDelete } from './types';

/** Asks before deleting, naming the record. The confirm button carries `data-testid="confirm-delete"`. */
export function DeleteAlert({ pending, t, onConfirm, onCancel }: PendingAlertProps<PendingDelete>) {
  return (
    <ConfirmAlert testId="delete-alert" confirmTestId="confirm-delete" intent="danger" icon="trash" confirmText={t('common.delete')}
      cancelText={t('common.cancel')} running={pending.deleting} onConfirm={onConfirm} onCancel={onCancel}
      failure={pending.error ? { text: t('crud.deleteFailed', { message: describeError(pending.error) }) } : null}>
      <p style={{ fontWeight: 600, marginBottom: 6 }}>{t('common.confirmDeleteTitle')}</p>
      <p>{t('common.confirmDelete', { name: pending.name })}</p>
    </ConfirmAlert>
  );
}
