import { Button, Card, Classes, Elevation, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { contractExpiryDismissed, contractExpiryViewRequested } from './contractExpirySlice';

/** How many contracts the card lists; the rest are counted. */
const POPUP_LIMIT = 5;
const URGENT_DAYS = 7;

/**
 * The card about contracts nearing expiry, top right under the header (top 60 px, right 24 px). It stays until the
 * user opens the contracts or dismisses it; dismissing keeps it away for about 62 hours (contractExpirySaga).
 */
export function ContractExpiryPopup() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { items, visible } = useAppSelector((s) => s.contractExpiry);
  if (!visible || items.length === 0) return null;
  const shown = items.slice(0, POPUP_LIMIT);
  const furthest = Math.max(...items.map((i) => i.daysLeft));
  return (
    <Card elevation={Elevation.THREE} role="status" aria-live="polite" data-testid="contract-expiry-popup"
      style={{ position: 'fixed', top: 60, right: 24, width: 360, maxWidth: 'calc(100vw - 48px)', zIndex: 19, padding: 14 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 6 }}>
        <Icon icon="warning-sign" intent="warning" />
        <strong style={{ flex: 1 }}>{t('contracts.popupTitle')}</strong>
      </div>
      <div className={Classes.TEXT_MUTED} style={{ marginBottom: 8 }}>
        {t('contracts.popupBody', { count: items.length, days: Math.max(furthest, 1) })}
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map((item) => (
          <li key={item.id} data-testid={`contract-expiry-item-${item.id}`}
            style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0', borderTop: '1px solid rgba(17, 20, 24, 0.1)' }}>
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ fontWeight: 600 }}>{item.contractNo}</div>
              {item.partyBName && (
                <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} title={item.partyBName}>
                  {t('contracts.partyB', { name: item.partyBName })}
                </div>
              )}
            </div>
            <Tag minimal intent={item.daysLeft <= URGENT_DAYS ? 'danger' : 'warning'} title={item.expiryDate} data-testid={`contract-expiry-days-${item.id}`}>
              {item.daysLeft === 0 ? t('contracts.expiresToday') : t('contracts.daysLeft', { days: item.daysLeft })}
            </Tag>
          </li>
        ))}
      </ul>
      {items.length > shown.length && (
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} style={{ marginTop: 4 }}>
          {t('contracts.popupMore', { count: items.length - shown.length })}
        </div>
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 10 }}>
        <Button text={t('contracts.dismiss')} data-testid="contract-expiry-dismiss" onClick={() => dispatch(contractExpiryDismissed())} />
        <Button intent="primary" icon="document-open" text={t('contracts.view')} data-testid="contract-expiry-view"
          onClick={() => dispatch(contractExpiryViewRequested())} />
      </div>
    </Card>
  );
}
