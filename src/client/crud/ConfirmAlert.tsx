import { useCallback, type ReactNode } from 'react';
import { Alert, Callout, Classes, type IconName, type Intent } from '@blueprintjs/core';
import type { Translate } from './types';

/** What a confirm alert of a pending action is given: the action's state and the person's two answers. */
export interface PendingAlertProps<P> {
  pending: P;
  t: Translate;
  onConfirm: () => void;
  onCancel: () => void;
}

interface ConfirmAlertProps {
  /** Test ids: the alert's body (`<testId>`) and its confirm button (`<confirmTestId>`). */
  testId: string;
  confirmTestId: string;
  intent?: Intent;
  icon: IconName;
  confirmText: string;
  cancelText: string;
  /** While the action runs: the confirm button spins and Escape does not cancel. */
  running: boolean;
  /** Why the action failed, shown under the question; the person may try again. */
  failure?: { text: string; testId?: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}

/** Asks before an action on a record (delete, a command, a status move), and says why it failed. */
export function ConfirmAlert({ testId, confirmTestId, intent, icon, confirmText, cancelText, running, failure, onConfirm, onCancel, children }: ConfirmAlertProps) {
  // Alert renders its own buttons and passes no attributes to them: tag the confirm button once it is in the DOM.
  const tagConfirmButton = useCallback((element: HTMLDivElement | null) => {
    const button = element?.closest(`.${Classes.ALERT}`)?.querySelector(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}`);
    button?.setAttribute('data-testid', confirmTestId);
  }, [confirmTestId]);
  return (
    <Alert isOpen intent={intent} icon={icon} confirmButtonText={confirmText} cancelButtonText={cancelText} loading={running}
      canEscapeKeyCancel={!running} onConfirm={onConfirm} onCancel={onCancel}>
      <div ref={tagConfirmButton} data-testid={testId}>
        {children}
        {failure && <Callout intent="danger" compact data-testid={failure.testId}>{failure.text}</Callout>}
      </div>
    </Alert>
  );
}
