import { type BreadcrumbProps, Breadcrumbs, Button, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { findRouteByPath, MENU_GROUPS } from '../../shared/navigation';
import { lockRequested } from '../session/actions';
import { sidebarToggled } from '../session/appSlice';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { isFullscreen, toggleFullscreen } from '../util/fullscreen';
import { asIcon } from '../util/icons';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NoticePopover } from './NoticePopover';
import { UserMenu } from './UserMenu';

function useBreadcrumbs(): BreadcrumbProps[] {
  const { t } = useTranslation();
  const route = findRouteByPath(useLocation().pathname);
  if (!route) return [];
  const group = route.group ? MENU_GROUPS.find((g) => g.name === route.group) : undefined;
  const items: BreadcrumbProps[] = [];
  if (group) items.push({ text: t(`menu.${group.name}`), icon: asIcon(group.icon, 'folder-close') });
  items.push({ text: t(`route.${route.name}`), icon: asIcon(route.icon), current: true });
  return items;
}

function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(isFullscreen);
  useEffect(() => {
    const sync = () => setFull(isFullscreen());
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const label = full ? t('shell.exitFullscreen') : t('shell.enterFullscreen');
  return (
    <Tooltip content={label} placement="bottom">
      <Button variant="minimal" icon={full ? 'minimize' : 'fullscreen'} aria-label={label} onClick={() => void toggleFullscreen().catch(() => undefined)} data-testid="fullscreen-toggle" />
    </Tooltip>
  );
}

export function Header() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((s) => s.app.sidebarCollapsed);
  const crumbs = useBreadcrumbs();
  const toggleLabel = collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar');
  return (
    <header className="app-header" data-testid="header">
      <Tooltip content={toggleLabel} placement="bottom">
        <Button variant="minimal" icon={collapsed ? 'menu-open' : 'menu-closed'} aria-label={toggleLabel} onClick={() => dispatch(sidebarToggled())} data-testid="sidebar-toggle" />
      </Tooltip>
      <div className="app-breadcrumbs" data-testid="breadcrumbs">
        <Breadcrumbs items={crumbs} />
      </div>
      <div className="app-header-tools">
        <NoticePopover />
        <FullscreenToggle />
        <Tooltip content={t('shell.lockScreen')} placement="bottom">
          <Button variant="minimal" icon="lock" aria-label={t('shell.lockScreen')} onClick={() => dispatch(lockRequested())} data-testid="lock-button" />
        </Tooltip>
        <LanguageSwitcher />
        <UserMenu />
      </div>
    </header>
  );
}
