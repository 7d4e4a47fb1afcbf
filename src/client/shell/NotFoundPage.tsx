import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from './guards';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="app-status-page" data-testid="not-found-page">
      <div className="app-status-code">404</div>
      <NonIdealState
        icon="search"
        title={t('shell.notFoundTitle')}
        description={t('shell.notFoundBody')}
        action={<Button intent="primary" icon="home" text={t('shell.backHome')} onClick={() => navigate(HOME_PATH)} />}
      />
    </div>
  );
}
