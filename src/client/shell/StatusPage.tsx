import { Button, NonIdealState, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from './guards';

/** A page that says why there is nothing here (no permission, no such page), with the way back home. */
export function StatusPage({ code, icon, topic, testId }: { code: number; icon: IconName; topic: 'forbidden' | 'notFound'; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="app-status-page" data-testid={testId}>
      <div className="app-status-code">{code}</div>
      <NonIdealState icon={icon} title={t(`shell.${topic}Title`)} description={t(`shell.${topic}Body`)}
        action={<Button intent="primary" icon="home" text={t('shell.backHome')} onClick={() => navigate(HOME_PATH)} />} />
    </div>
  );
}
