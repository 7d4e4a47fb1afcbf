import './lock.css';
import { Button, Callout, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logoutRequested, unlockRequested } from '../session/actions';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectLanguage, selectTenant, selectUser } from '../session/selectors';
import { InitialAvatar } from './InitialAvatar';
import { useTimeZone } from '../session/useTimeZone';
import { formatLocalTime, formatLongDate, useNow } from '../time';

/** The lock screen: the session stays, the screen asks for the user's password again. */
export default function LockScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const tenant = useAppSelector(selectTenant);
  const language = useAppSelector(selectLanguage);
  const { pending, error } = useAppSelector((s) => s.app.unlock);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const now = useNow(1000);
  const zone = useTimeZone();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) dispatch(unlockRequested({ password }));
  };

  useEffect(() => {
    if (!error) return;
    setPassword('');
    inputRef.current?.focus();
  }, [error]);

  const display = user ? user.name || user.userName : '';
  return (
    <div className="app-lock" data-testid="lock-screen">
      <div className="app-lock-clock" aria-hidden>
        <div className="app-lock-time" data-testid="lock-time">{formatLocalTime(now, zone, language)}</div>
        <div className="app-lock-date" data-testid="lock-date">{formatLongDate(now, zone, language)}</div>
      </div>
      <form className="app-lock-card" onSubmit={submit}>
        <InitialAvatar name={display} size={64} />
        <div className="app-lock-user">{display}</div>
        <div className="app-lock-tenant">{tenant ? tenant.name : t('shell.hostSide')}</div>
        <h1 className="app-lock-title">{t('shell.lockedTitle')}</h1>
        {error && <Callout intent="danger" compact className="app-lock-error" data-testid="unlock-error">{error}</Callout>}
        <InputGroup
          type={shown ? 'text' : 'password'}
          size="large"
          leftIcon="lock"
          placeholder={t('shell.lockedHint')}
          aria-label={t('shell.lockedHint')}
          value={password}
          onValueChange={setPassword}
          autoComplete="current-password"
          autoFocus
          inputRef={inputRef}
          data-testid="unlock-password"
          rightElement={
            <Button variant="minimal" icon={shown ? 'eye-off' : 'eye-open'} aria-label={shown ? t('login.hidePassword') : t('login.showPassword')} onClick={() => setShown(!shown)} />
          }
        />
        <Button type="submit" intent="primary" size="large" fill loading={pending} disabled={!password || !user} text={t('shell.unlock')} icon="unlock" data-testid="unlock-submit" />
        <Button variant="minimal" size="small" text={t('shell.backToLogin')} icon="log-out" onClick={() => dispatch(logoutRequested())} data-testid="unlock-back-to-login" className="app-lock-back" />
      </form>
    </div>
  );
}
