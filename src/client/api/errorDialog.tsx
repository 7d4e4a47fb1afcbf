import { Button, Dialog, DialogBody, DialogFooter, Icon, Intent } from '@blueprintjs/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorModalContent } from './errors';

// A small imperative API over one Blueprint Dialog: interceptors and sagas call `showErrorDialog` without holding
// React state; `<ErrorDialogHost/>` (mounted once by the app) renders the queue one modal at a time.

type Listener = () => void;
let queue: readonly ErrorModalContent[] = [];
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function sameContent(a: ErrorModalContent, b: ErrorModalContent): boolean {
  return a.title === b.title && a.content === b.content;
}

export function showErrorDialog(content: ErrorModalContent): void {
  // Several parallel calls failing for one cause (server down) should not stack identical modals.
  if (queue.some((queued) => sameContent(queued, content))) return;
  queue = [...queue, content];
  emit();
}

function dismissErrorDialog(): void {
  queue = queue.slice(1);
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ErrorDialogHost() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(subscribe, () => queue[0], () => undefined);
  return (
    <Dialog
      isOpen={!!current}
      onClose={dismissErrorDialog}
      title={current?.title}
      icon={current?.title ? 'error' : undefined}
      className="app-error-dialog"
      role="alertdialog"
      data-testid="error-dialog"
    >
      {current && (
        <>
          <DialogBody>
            <div className="app-error-dialog-content">
              {!current.title && <Icon icon="error" intent={Intent.DANGER} size={20} />}
              <p data-testid="error-dialog-content">{current.content}</p>
            </div>
            {current.validationErrors && (
              <ul className="app-error-dialog-list" data-testid="error-dialog-validation">
                {current.validationErrors.map((message) => <li key={message}>{message}</li>)}
              </ul>
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <Button intent={Intent.PRIMARY} onClick={dismissErrorDialog} autoFocus data-testid="error-dialog-ok">
                {t('common.ok')}
              </Button>
            }
          />
        </>
      )}
    </Dialog>
  );
}
