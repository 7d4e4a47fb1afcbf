import { Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { selectDisplaySignIn } from './displaySignInSlice';

/**
 * What a wall shows instead of its figures while its display sign-in is not through: a spinner while it signs in the
 * first time, and the full-screen reason once its token is refused (nobody at a wall reads a toast). Null otherwise.
 */
export function DisplaySignInScreen({ firstSignIn }: { firstSignIn: boolean }) {
  const { t } = useTranslation();
  const { status, reason } = useAppSelector(selectDisplaySignIn);
  if (status === 'revoked') {
    return (
      <div className="bd-display-signin" data-testid="display-revoked">
        <NonIdealState icon="disable" title={t('bigdata.displayRevokedTitle')} className={Classes.DARK}
          description={<>{t('bigdata.displayRevokedBody')}{reason && <p>{t('bigdata.displayRevokedReason', { reason })}</p>}</>} />
      </div>
    );
  }
  if (status === 'signingIn' && firstSignIn) {
    return (
      <div className="bd-display-signin" data-testid="display-signing-in">
        <NonIdealState icon={<Spinner />} title={t('bigdata.displaySigningIn')} className={Classes.DARK} />
      </div>
    );
  }
  return null;
}
