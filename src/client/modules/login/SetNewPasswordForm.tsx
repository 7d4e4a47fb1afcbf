import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem, policyFromSettings } from '../../../shared/password-policy';
import { PasswordRules } from '../../shell/PasswordRules';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { passwordResetCancelled, passwordResetRequested, selectLogin } from './loginSlice';

/**
 * The second step of a first login: the server accepted the password but wants a new one before it signs the user in.
 * The policy's rules come from the server's settings; the server checks them again (and the common-password list).
 */
export function SetNewPasswordForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { submitting, error } = useAppSelector(selectLogin);
  const policy = policyFromSettings(useAppSelector((s) => s.app.config.setting?.values));
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(policy, next, confirm);
    setLocalError(problem && t(problem.key, problem.params));
    if (problem) return;
    dispatch(passwordResetRequested(next));
  };

  const shown = localError ?? error;
  return (
    <form className="app-login-form" onSubmit={submit} data-testid="set-password-form" noValidate>
      <Callout intent="warning" compact data-testid="set-password-required">{t('password.mustChange')}</Callout>
      <FormGroup label={t('shell.newPassword')} labelFor="login-new-password">
        <InputGroup id="login-new-password" size="large" leftIcon="lock" type="password" autoComplete="new-password"
          value={next} onValueChange={setNext} autoFocus required data-testid="set-password-new" />
      </FormGroup>
      <FormGroup label={t('shell.confirmPassword')} labelFor="login-confirm-password">
        <InputGroup id="login-confirm-password" size="large" leftIcon="lock" type="password" autoComplete="new-password"
          value={confirm} onValueChange={setConfirm} required data-testid="set-password-confirm" />
      </FormGroup>
      <PasswordRules policy={policy} />
      {shown && <div className="app-login-error" role="alert" data-testid="login-error">{shown}</div>}
      <Button type="submit" intent="primary" size="large" fill loading={submitting} disabled={!next || !confirm}
        text={t('login.setPasswordSubmit')} data-testid="set-password-submit" />
      <Button variant="minimal" fill text={t('login.backToSignIn')} onClick={() => dispatch(passwordResetCancelled())} data-testid="set-password-back" />
    </form>
  );
}
