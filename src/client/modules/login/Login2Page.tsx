import './login.css';
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { yearOf } from '../../../shared/time';
import { useToday } from '../../time/clock';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';
import { LoginForm } from './LoginForm';

const FEATURES = [
  { key: 'login.feature1', icon: 'office' },
  { key: 'login.feature2', icon: 'swap-horizontal' },
  { key: 'login.feature3', icon: 'pulse' },
] as const;

/** `/login2`: the same form and saga in a split layout (brand panel left, form right). */
export default function Login2Page() {
  const { t } = useTranslation();
  const copyrightYear = yearOf(useToday());
  return (
    <div className="app-login app-login-split" data-testid="login2-page">
      <section className="app-login-hero bp6-dark">
        <div className="app-login-brand">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <div className="app-login-appname">{t('app.name')}</div>
        </div>
        <p className="app-login-hero-tagline">{t('login.tagline')}</p>
        <ul className="app-login-features">
          {FEATURES.map((f) => (
            <li key={f.key}>
              <Icon icon={f.icon} size={16} />
              <span>{t(f.key)}</span>
            </li>
          ))}
        </ul>
        <footer className="app-login-hero-footer">{t('login.copyright', { year: copyrightYear })}</footer>
      </section>
      <section className="app-login-panel">
        <div className="app-login-topbar">
          <LanguageSwitcher />
        </div>
        <div className="app-login-panel-inner">
          <h1 className="app-login-title">{t('login.welcome')}</h1>
          <LoginForm />
          <div className="app-login-links">
            <Link to="/" data-testid="login-other-layout">{t('login.otherLayout')}</Link>
          </div>
        </div>
      </section>
    </div>
  );
}
