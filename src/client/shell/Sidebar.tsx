import { Collapse, Icon, Menu, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import { findRouteByName, findRouteByPath, MENU_GROUPS, type RouteEntry } from '../../shared/navigation';
import { useAppSelector } from '../app/hooks';
import { selectMenu } from '../session/selectors';
import { asIcon } from '../util/icons';

function routesOf(names: string[]): RouteEntry[] {
  return names.map((n) => findRouteByName(n)).filter((r): r is RouteEntry => !!r);
}

/** One menu entry; the external big-screen link opens a new window instead of a tab. */
function SidebarLink({ route, collapsed, nested }: { route: RouteEntry; collapsed: boolean; nested: boolean }) {
  const { t } = useTranslation();
  const label = t(`route.${route.name}`);
  const content = (
    <>
      <Icon icon={asIcon(route.icon, 'document')} className="app-nav-icon" />
      <span className="app-nav-label">{label}</span>
      {route.external && !collapsed && <Icon icon="share" size={12} className="app-nav-external" />}
    </>
  );
  const className = `app-nav-item${nested ? ' is-nested' : ''}`;
  const link = route.external ? (
    <a href={route.path} target="_blank" rel="noopener noreferrer" className={className} data-testid={`menu-${route.name}`} title={t('shell.openInNewWindow')}>
      {content}
    </a>
  ) : (
    <NavLink to={route.path} className={({ isActive }) => `${className}${isActive ? ' is-active' : ''}`} data-testid={`menu-${route.name}`} end>
      {content}
    </NavLink>
  );
  // The wrapper matters: the tooltip clones its child's className, and NavLink's className is a function.
  return collapsed ? (
    <Tooltip content={label} placement="right" hoverOpenDelay={150} fill>
      <div>{link}</div>
    </Tooltip>
  ) : link;
}

/** A group in the collapsed (80 px) sidebar: its icon opens a fly-out menu of its pages. */
function CollapsedGroup({ groupName, routes, active }: { groupName: string; routes: RouteEntry[]; active: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = MENU_GROUPS.find((g) => g.name === groupName);
  const current = findRouteByPath(useLocation().pathname);
  return (
    <PopoverNext
      fill
      placement="right-start"
      interactionKind="hover"
      hoverCloseDelay={200}
      arrow={false}
      animation="minimal"
      content={
        <Menu className="app-nav-flyout">
          <li className="app-nav-flyout-title">{t(`menu.${groupName}`)}</li>
          {routes.map((route) => (
            <MenuItem
              key={route.name}
              icon={asIcon(route.icon, 'document')}
              text={t(`route.${route.name}`)}
              active={current?.name === route.name}
              data-testid={`menu-${route.name}`}
              onClick={() => (route.external ? window.open(route.path, '_blank', 'noopener') : navigate(route.path))}
            />
          ))}
        </Menu>
      }
    >
      <button type="button" className={`app-nav-group is-collapsed${active ? ' is-active' : ''}`} data-testid={`menu-group-${groupName}`} aria-label={t(`menu.${groupName}`)}>
        <Icon icon={asIcon(group?.icon, 'folder-close')} className="app-nav-icon" />
      </button>
    </PopoverNext>
  );
}

/** The sidebar: only permitted items (the menu list is built from the route table and the user's grants). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const menu = useAppSelector(selectMenu);
  const location = useLocation();
  const activeRoute = findRouteByPath(location.pathname);
  const activeGroup = activeRoute?.group ?? null;
  const [openGroups, setOpenGroups] = useState<Set<string>>(() => new Set(activeGroup ? [activeGroup] : []));

  // Navigating (tab, breadcrumb, quick link) into a closed group opens it so the active item stays visible.
  useEffect(() => {
    if (activeGroup) setOpenGroups((open) => (open.has(activeGroup) ? open : new Set(open).add(activeGroup)));
  }, [activeGroup]);

  const toggle = (name: string) =>
    setOpenGroups((open) => {
      const next = new Set(open);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <nav className={`app-sidebar bp6-dark${collapsed ? ' is-collapsed' : ''}`} aria-label={t('app.name')} data-testid="sidebar">
      <div className="app-sidebar-brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {!collapsed && <span className="app-sidebar-title">{t('app.name')}</span>}
      </div>
      <div className="app-sidebar-menu">
        {menu.map((section) => {
          const routes = routesOf(section.routes);
          if (section.group === null) {
            return routes.map((route) => <SidebarLink key={route.name} route={route} collapsed={collapsed} nested={false} />);
          }
          const groupName = section.group;
          if (collapsed) {
            return <CollapsedGroup key={groupName} groupName={groupName} routes={routes} active={activeGroup === groupName} />;
          }
          const group = MENU_GROUPS.find((g) => g.name === groupName);
          const open = openGroups.has(groupName);
          return (
            <div key={groupName} className="app-nav-section">
              <button
                type="button"
                className={`app-nav-group${activeGroup === groupName ? ' is-active' : ''}`}
                aria-expanded={open}
                onClick={() => toggle(groupName)}
                data-testid={`menu-group-${groupName}`}
              >
                <Icon icon={asIcon(group?.icon, 'folder-close')} className="app-nav-icon" />
                <span className="app-nav-label">{t(`menu.${groupName}`)}</span>
                <Icon icon="chevron-down" size={14} className={`app-nav-caret${open ? ' is-open' : ''}`} />
              </button>
              <Collapse isOpen={open} transitionDuration={150}>
                {routes.map((route) => (
                  <SidebarLink key={route.name} route={route} collapsed={false} nested />
                ))}
              </Collapse>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
