import type { Intent } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import { ConfirmAlert, type PendingAlertProps } from '../../crud/ConfirmAlert';
import { planStatus } from '../../../shared/enums';
import type { PlanStatusChange } from './plansSlice';

/** What each target status is called as an action, how it is asked, and how it looks. */
export const STATUS_ACTIONS: Record<number, { key: string; text: string; question: string; intent: Intent }> = {
  [planStatus.submitted]: { key: 'submit', text: 'plans.submit', question: 'plans.confirmSubmit', intent: 'primary' },
  [planStatus.approved]: { key: 'approve', text: 'plans.approve', question: 'plans.confirmApprove', intent: 'success' },
  [planStatus.returned]: { key: 'return', text: 'plans.return', question: 'plans.confirmReturn', intent: 'warning' },
};

/** Asks before a status move; the confirm button carries `data-testid="plan-status-confirm"`. */
export function PlanStatusAlert({ pending: change, t, onConfirm, onCancel }: PendingAlertProps<PlanStatusChange>) {
  const action = STATUS_ACTIONS[change.to];
  return (
    <ConfirmAlert testId="plan-status-alert" confirmTestId="plan-status-confirm" intent={action?.intent} icon="confirm"
      confirmText={action ? t(action.text) : t('common.ok')} cancelText={t('common.cancel')} running={change.pending}
      onConfirm={onConfirm} onCancel={onCancel}
      failure={change.error ? { text: t('plans.statusFailed', { message: describeError(change.error) }), testId: 'plan-status-error' } : null}>
      <p>{action ? t(action.question, { name: change.name }) : ''}</p>
    </ConfirmAlert>
  );
}
