import './login.css';
import { useTranslation } from 'react-i18next';
import { yearOf } from '../../../shared/time';
import { useToday } from '../../time/clock';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';
import { LoginForm } from './LoginForm';

/** `/`: the centred login card. */
export default function LoginPage() {
  const { t } = useTranslation();
  const copyrightYear = yearOf(useToday());
  return (
    <div className="app-login app-login-centered" data-testid="login-page">
      <div className="app-login-topbar">
        <LanguageSwitcher />
      </div>
      <div className="app-login-card">
        <div className="app-login-brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
          <div>
            <div className="app-login-appname">{t('app.name')}</div>
            <div className="app-login-tagline">{t('login.tagline')}</div>
          </div>
        </div>
        <h1 className="app-login-title">{t('login.title')}</h1>
        <LoginForm />
        <div className="app-login-links">
          <Link to="/login2" data-testid="login-other-layout">{t('login.otherLayout')}</Link>
        </div>
      </div>
      <footer className="app-login-footer">{t('login.copyright', { year: copyrightYear })}</footer>
    </div>
  );
}
