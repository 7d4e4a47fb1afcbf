import { useTranslation } from 'react-i18next';
import { activeRules, ruleText, type PasswordPolicy } from '../../shared/password-policy';

/** The rules a new password must meet, as the server's policy sets them, wherever a new password is chosen. */
export function PasswordRules({ policy }: { policy: PasswordPolicy }) {
  const { t } = useTranslation();
  return (
    <div className="app-password-rules" data-testid="password-rules">
      <strong>{t('password.rulesTitle')}</strong>
      <ul>
        {activeRules(policy).map((rule) => {
          const { key, params } = ruleText(rule, policy);
          // The other rules read as requirements already; the common-password refusal needs its own wording here.
          return <li key={rule} data-testid={`password-rule-${rule}`}>{t(rule === 'common' ? 'password.commonRule' : key, params)}</li>;
        })}
      </ul>
    </div>
  );
}
