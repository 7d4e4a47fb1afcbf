import { Button, Icon, Menu, MenuItem } from '@blueprintjs/core';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { findRouteByName, findRouteByPath } from '../../shared/navigation';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { HOME_TAB, selectTabs, tabClosed, tabsClearedAll, tabsClearedOthers } from './tabsSlice';
import { asIcon } from '../util/icons';
import { HeaderMenu } from './HeaderMenu';

/** Opened pages as tabs. Home cannot be closed; closing the current tab moves to a neighbour (reducer + tabs saga). */
export function TabsBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { opened } = useAppSelector(selectTabs);
  // The page on screen is the active tab; on a page without a tab (error-403, not found) none is.
  const active = findRouteByPath(useLocation().pathname)?.name;
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    scroller.current?.querySelector<HTMLElement>('.app-tab.is-active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, opened.length]);

  const open = (name: string) => {
    const route = findRouteByName(name);
    if (route) navigate(route.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, name: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(name);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && name !== HOME_TAB) {
      event.preventDefault();
      dispatch(tabClosed(name));
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const sibling = event.key === 'ArrowRight' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      (sibling as HTMLElement | null)?.focus();
    }
  };

  return (
    <div className="app-tabs" data-testid="tabs-bar">
      <div className="app-tabs-scroll" role="tablist" aria-label={t('shell.tabActions')} ref={scroller}>
        {opened.map((name) => {
          const route = findRouteByName(name);
          if (!route) return null;
          const isActive = name === active;
          return (
            <div
              key={name}
              role="tab"
              aria-selected={isActive}
              tabIndex={isActive ? 0 : -1}
              className={`app-tab${isActive ? ' is-active' : ''}`}
              data-testid={`tab-${name}`}
              onClick={() => open(name)}
              onAuxClick={(e) => e.button === 1 && name !== HOME_TAB && dispatch(tabClosed(name))}
              onKeyDown={(e) => onKeyDown(e, name)}
            >
              {name === HOME_TAB ? <Icon icon={asIcon(route.icon, 'home')} size={12} /> : <span className="app-tab-dot" />}
              <span className="app-tab-label">{t(`route.${name}`)}</span>
              {name !== HOME_TAB && (
                <button
                  type="button"
                  className="app-tab-close"
                  aria-label={`${t('shell.closeTab')} ${t(`route.${name}`)}`}
                  tabIndex={-1}
                  data-testid={`tab-close-${name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    dispatch(tabClosed(name));
                  }}
                >
                  <Icon icon="small-cross" size={14} />
                </button>
              )}
            </div>
          );
        })}
      </div>
      <HeaderMenu
        content={
          <Menu>
            <MenuItem icon="cross" text={t('shell.closeOthers')} onClick={() => dispatch(tabsClearedOthers(undefined))} data-testid="tabs-close-others" />
            <MenuItem icon="disable" text={t('shell.closeAll')} onClick={() => dispatch(tabsClearedAll())} data-testid="tabs-close-all" />
          </Menu>
        }
      >
        <Button variant="minimal" size="small" icon="more" aria-label={t('shell.tabActions')} title={t('shell.tabActions')} data-testid="tabs-actions" className="app-tabs-actions" />
      </HeaderMenu>
    </div>
  );
}
