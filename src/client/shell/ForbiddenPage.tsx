import { Button, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from './guards';

/** error-403: where a route whose permission the user lacks ends up. */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="app-status-page" data-testid="forbidden-page">
      <div className="app-status-code">403</div>
      <NonIdealState
        icon="disable"
        title={t('shell.forbiddenTitle')}
        description={t('shell.forbiddenBody')}
        action={<Button intent="primary" icon="home" text={t('shell.backHome')} onClick={() => navigate(HOME_PATH)} />}
      />
    </div>
  );
}
