import { useCallback } from 'react';
import { Alert, Callout, Classes, type Intent } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import type { Translate } from '../../crud/types';
import { planStatus } from '../../../shared/enums';
import type { PlanStatusChange } from './plansSlice';

/** What each target status is called as an action, how it is asked, and how it looks. */
export const STATUS_ACTIONS: Record<number, { key: string; text: string; question: string; intent: Intent }> = {
  [planStatus.submitted]: { key: 'submit', text: 'plans.submit', question: 'plans.confirmSubmit', intent: 'primary' },
  [planStatus.approved]: { key: 'approve', text: 'plans.approve', question: 'plans.confirmApprove', intent: 'success' },
  [planStatus.returned]: { key: 'return', text: 'plans.return', question: 'plans.confirmReturn', intent: 'warning' },
};

interface PlanStatusAlertProps {
  change: PlanStatusChange;
  t: Translate;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a status move; the confirm button carries `data-testid="plan-status-confirm"`. */
export function PlanStatusAlert({ change, t, onConfirm, onCancel }: PlanStatusAlertProps) {
  const action = STATUS_ACTIONS[change.to];
  // Alert passes no attributes to its buttons: tag the confirm button once it is in the DOM.
  const tagConfirmButton = useCallback((element: HTMLDivElement | null) => {
    const button = element?.closest(`.${Classes.ALERT}`)?.querySelector(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}`);
    button?.setAttribute('data-testid', 'plan-status-confirm');
  }, []);
  return (
    <Alert isOpen intent={action?.intent} icon="confirm" confirmButtonText={action ? t(action.text) : t('common.ok')}
      cancelButtonText={t('common.cancel')} loading={change.pending} canEscapeKeyCancel={!change.pending}
      onConfirm={onConfirm} onCancel={onCancel}>
      <div ref={tagConfirmButton} data-testid="plan-status-alert">
        <p>{action ? t(action.question, { name: change.name }) : ''}</p>
        {change.error && (
          <Callout intent="danger" compact data-testid="plan-status-error">{t('plans.statusFailed', { message: describeError(change.error) })}</Callout>
        )}
      </div>
    </Alert>
  );
}
