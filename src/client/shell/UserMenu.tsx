import { Button, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logoutRequested } from '../session/actions';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectTenant, selectUser } from '../session/selectors';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { HeaderMenu } from './HeaderMenu';

/** The user dropdown: who is logged in (and where), change password, log out. */
export function UserMenu() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const tenant = useAppSelector(selectTenant);
  const [passwordOpen, setPasswordOpen] = useState(false);
  if (!user) return null;
  const display = user.name || user.userName;
  return (
    <>
      <HeaderMenu
        content={
          <Menu className="app-user-menu">
            <li className="app-user-menu-head">
              <div className="app-user-menu-name">{display}</div>
              <div className="app-muted">
                {user.userName} · {tenant ? `${t('shell.tenant')}: ${tenant.name}` : t('shell.hostSide')}
              </div>
            </li>
            <MenuDivider />
            <MenuItem icon="key" text={t('shell.changePassword')} onClick={() => setPasswordOpen(true)} data-testid="change-password" />
            <MenuItem icon="log-out" intent="danger" text={t('shell.logout')} onClick={() => dispatch(logoutRequested())} data-testid="logout" />
          </Menu>
        }
      >
        <Button variant="minimal" className="app-user-button" endIcon="caret-down" data-testid="user-dropdown">
          <span className="app-avatar" aria-hidden>{display.slice(0, 1).toUpperCase()}</span>
          <span className="app-user-name" data-testid="current-user">{display}</span>
        </Button>
      </HeaderMenu>
      <ChangePasswordDialog isOpen={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
