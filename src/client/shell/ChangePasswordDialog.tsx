import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem, policyFromSettings } from '../../shared/password-policy';
import { PasswordRules } from './PasswordRules';
import { logoutRequested, passwordChangeRequested } from '../session/actions';
import { passwordDialogReset } from '../session/appSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';

interface ChangePasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Asked for by the server at login: the dialog cannot be dismissed, only completed or left by logging out. */
  required?: boolean;
}

/**
 * POST User/ChangePwd through a saga; the server's refusal (wrong current password, a rule broken) is shown in the
 * dialog. The policy's rules come from the server's settings and are listed before the user types.
 */
export function ChangePasswordDialog({ isOpen, onClose, required = false }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector((s) => s.app.password);
  const settings = useAppSelector((s) => s.app.config.setting?.values);
  const policy = policyFromSettings(settings);
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
    const problem = newPasswordProblem(policy, next, confirm);
    setLocalError(problem && t(problem.key, problem.params));
    if (problem) return;
    dispatch(passwordChangeRequested({ currentPassword: current, newPassword: next }));
  };

  const error = localError ?? (status.status === 'failed' ? status.error : null);
  const saving = status.status === 'saving';
  return (
    <Dialog
      isOpen={isOpen} onClose={onClose} title={t('shell.changePassword')} icon="key" className="app-password-dialog"
      canEscapeKeyClose={!required} canOutsideClickClose={!required} isCloseButtonShown={!required}
    >
      <form onSubmit={submit} data-testid={required ? 'required-password-form' : 'change-password-form'}>
        <DialogBody>
          {required && <Callout intent="warning" compact className="app-form-error" data-testid="password-change-required">{t('password.mustChange')}</Callout>}
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
          <PasswordRules policy={policy} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {required
                ? <Button text={t('shell.logout')} onClick={() => dispatch(logoutRequested())} data-testid="required-password-logout" />
                : <Button text={t('common.cancel')} onClick={onClose} />}
              <Button type="submit" intent="primary" text={t('common.save')} loading={saving} data-testid="change-password-submit" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
