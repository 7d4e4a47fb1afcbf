import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordChangeRequested } from '../app/actions';
import { passwordDialogReset } from '../app/appSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';

/** Below this the server would refuse anyway; checking here saves a round trip. */
export const MIN_PASSWORD_LENGTH = 6;

/** POST User/ChangePwd through a saga; the server's refusal (wrong current password) is shown in the dialog. */
export function ChangePasswordDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.app.password);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const currentRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    setCurrent('');
    setNext('');
    setConfirm('');
    setLocalError(null);
    dispatch(passwordDialogReset());
  }, [isOpen, dispatch]);

  useEffect(() => {
    if (isOpen && status.status === 'saved') onClose();
    // The submit button was disabled while saving, which dropped the focus: put it back where the fix goes.
    if (isOpen && status.status === 'failed') currentRef.current?.select();
  }, [isOpen, status.status, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next.length < MIN_PASSWORD_LENGTH) return setLocalError(t('shell.passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
    if (next !== confirm) return setLocalError(t('shell.passwordMismatch'));
    setLocalError(null);
    dispatch(passwordChangeRequested({ currentPassword: current, newPassword: next }));
  };

  const error = localError ?? (status.status === 'failed' ? status.error : null);
  const saving = status.status === 'saving';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('shell.changePassword')} icon="key" className="app-password-dialog">
      <form onSubmit={submit} data-testid="change-password-form">
        <DialogBody>
          {error && <Callout intent="danger" compact className="app-form-error" data-testid="change-password-error">{error}</Callout>}
          <FormGroup label={t('shell.currentPassword')} labelFor="pwd-current" labelInfo="*">
            <InputGroup id="pwd-current" inputRef={currentRef} type="password" autoComplete="current-password" value={current} onValueChange={setCurrent} required autoFocus data-testid="current-password" />
          </FormGroup>
          <FormGroup label={t('shell.newPassword')} labelFor="pwd-new" labelInfo="*">
            <InputGroup id="pwd-new" type="password" autoComplete="new-password" value={next} onValueChange={setNext} required data-testid="new-password" />
          </FormGroup>
          <FormGroup label={t('shell.confirmPassword')} labelFor="pwd-confirm" labelInfo="*">
            <InputGroup id="pwd-confirm" type="password" autoComplete="new-password" value={confirm} onValueChange={setConfirm} required data-testid="confirm-password" />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('common.save')} loading={saving} data-testid="change-password-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
