import './home.css';
import { Card, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { findRouteByName, type RouteEntry } from '../../../shared/navigation';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage, selectMenu, selectTenant, selectUser } from '../../session/selectors';
import { selectNotices } from '../../shell/noticesSlice';
import { asIcon } from '../../util/icons';
import { InboxPanel } from './InboxPanel';
import { InitialAvatar } from '../../shell/InitialAvatar';
import { useTimeZone } from '../../session/useTimeZone';
import { formatLongDate, useNow } from '../../time';

const QUICK_LINK_LIMIT = 12;
const REALTIME_TEXT = { off: 'shell.realtimeOff', connecting: 'shell.realtimeConnecting', connected: 'shell.realtimeConnected', retrying: 'shell.realtimeRetrying' } as const;
const REALTIME_INTENT = { off: 'none', connecting: 'warning', connected: 'success', retrying: 'warning' } as const;

/** Home: who is logged in and where, what awaits the user's enterprises, and quick links to the screens they may open. */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const tenant = useAppSelector(selectTenant);
  const language = useAppSelector(selectLanguage);
  const menu = useAppSelector(selectMenu);
  const realtime = useAppSelector((s) => s.app.realtime);
  const { unreadCount } = useAppSelector(selectNotices);

  const quickLinks = menu
    .flatMap((section) => section.routes)
    .map((name) => findRouteByName(name))
    .filter((r): r is RouteEntry => !!r && r.kind !== 'home' && !r.external)
    .slice(0, QUICK_LINK_LIMIT);

  const zone = useTimeZone();
  const now = useNow(60_000);
  const today = formatLongDate(now, zone, language);
  const display = user ? user.name || user.userName : '';

  return (
    <div className="app-home" data-testid="home-page">
      <Card className="app-home-welcome" data-testid="home-welcome">
        <InitialAvatar name={display} size={56} />
        <div className="app-home-greeting">
          <h2>{t('home.welcome', { name: display })}</h2>
          <div className="app-muted">{t('home.today', { date: today })}</div>
        </div>
        <div className="app-home-stats">
          <div className="app-home-stat">
            <div className="app-home-stat-label">{t('home.tenant')}</div>
            <div className="app-home-stat-value" data-testid="home-tenant">{tenant ? tenant.name : t('home.host')}</div>
          </div>
          <div className="app-home-stat">
            <div className="app-home-stat-label">{t('home.unreadNotices')}</div>
            <div className="app-home-stat-value">{unreadCount}</div>
          </div>
        </div>
      </Card>

      <InboxPanel />

      <div className="app-home-grid">
        <Card className="app-home-card">
          <h3 className="app-card-title">{t('home.quickLinks')}</h3>
          {quickLinks.length === 0 ? (
            <div className="app-muted">{t('home.noQuickLinks')}</div>
          ) : (
            <div className="app-quick-links">
              {quickLinks.map((route) => (
                <Link key={route.name} to={route.path} className="app-quick-link" data-testid={`quick-${route.name}`}>
                  <Icon icon={asIcon(route.icon)} size={18} />
                  <span>{t(`route.${route.name}`)}</span>
                </Link>
              ))}
            </div>
          )}
        </Card>

        <Card className="app-home-card">
          <h3 className="app-card-title">{t('home.account')}</h3>
          <dl className="app-home-account">
            <dt>{t('home.userName')}</dt>
            <dd data-testid="home-username">{user?.userName}</dd>
            <dt>{t('home.email')}</dt>
            <dd>{user?.emailAddress || '—'}</dd>
            <dt>{t('home.tenant')}</dt>
            <dd>{tenant ? `${tenant.name} (${tenant.tenancyName})` : t('home.host')}</dd>
            <dt>{t('home.realtime')}</dt>
            <dd>
              <Tag minimal intent={REALTIME_INTENT[realtime]} data-testid="home-realtime">{t(REALTIME_TEXT[realtime])}</Tag>
            </dd>
          </dl>
        </Card>
      </div>
    </div>
  );
}
