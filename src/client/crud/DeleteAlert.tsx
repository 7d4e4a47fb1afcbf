import { useCallback } from 'react';
import { Alert, Callout, Classes } from '@blueprintjs/core';
import { describeError } from './api-error';
import type { PendingDelete, Translate } from './types';

interface DeleteAlertProps {
  pending: PendingDelete;
  t: Translate;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting, naming the record. The confirm button carries `data-testid="confirm-delete"`. */
export function DeleteAlert({ pending, t, onConfirm, onCancel }: DeleteAlertProps) {
  // Alert renders its own buttons and passes no attributes to them: tag the confirm button once it is in the DOM.
  const tagConfirmButton = useCallback((element: HTMLDivElement | null) => {
    const button = element?.closest(`.${Classes.ALERT}`)?.querySelector(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}`);
    button?.setAttribute('data-testid', 'confirm-delete');
  }, []);
  return (
    <Alert
      isOpen
      intent="danger"
      icon="trash"
      confirmButtonText={t('common.delete')}
      cancelButtonText={t('common.cancel')}
      loading={pending.deleting}
      canEscapeKeyCancel={!pending.deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div ref={tagConfirmButton} data-testid="delete-alert">
        <p style={{ fontWeight: 600, marginBottom: 6 }}>{t('common.confirmDeleteTitle')}</p>
        <p>{t('common.confirmDelete', { name: pending.name })}</p>
        {pending.error && <Callout intent="danger" compact>{t('crud.deleteFailed', { message: describeError(pending.error) })}</Callout>}
      </div>
    </Alert>
  );
}
