import { Button, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loginRequested, selectLogin } from './loginSlice';
import { SetNewPasswordForm } from './SetNewPasswordForm';
import { TenantSwitch } from './TenantSwitch';

/**
 * Tenant, user name, password, remember me; submitted through the login saga. Both login layouts use it. When the
 * server wants a new password before signing the user in, the form asks for it instead.
 */
export function LoginForm() {
  return useAppSelector(selectLogin).reset ? <SetNewPasswordForm /> : <SignInForm />;
}

function SignInForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { submitting, error } = useAppSelector(selectLogin);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [shown, setShown] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userName.trim() || !password) return;
    dispatch(loginRequested({ userNameOrEmailAddress: userName.trim(), password, rememberClient: remember }));
  };

  return (
    <form className="app-login-form" onSubmit={submit} data-testid="login-form" noValidate>
      <TenantSwitch />
      <FormGroup label={t('login.userName')} labelFor="login-username">
        <InputGroup
          id="login-username"
          size="large"
          leftIcon="person"
          autoComplete="username"
          value={userName}
          onValueChange={setUserName}
          autoFocus
          required
          data-testid="login-username"
        />
      </FormGroup>
      <FormGroup label={t('login.password')} labelFor="login-password">
        <InputGroup
          id="login-password"
          size="large"
          leftIcon="lock"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          required
          data-testid="login-password"
          rightElement={
            <Button variant="minimal" icon={shown ? 'eye-off' : 'eye-open'} aria-label={shown ? t('login.hidePassword') : t('login.showPassword')} onClick={() => setShown(!shown)} tabIndex={-1} />
          }
        />
      </FormGroup>
      <Checkbox checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} label={t('login.rememberMe')} data-testid="login-remember" />
      {error && <div className="app-login-error" role="alert" data-testid="login-error">{error}</div>}
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={submitting}
        disabled={!userName.trim() || !password}
        text={submitting ? t('login.submitting') : t('login.submit')}
        data-testid="login-submit"
      />
    </form>
  );
}
