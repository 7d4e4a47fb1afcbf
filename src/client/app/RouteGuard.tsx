import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { findRouteByPath } from '../../shared/navigation';
import { resolveRedirect } from '../shell/guards';
import { useAppSelector } from './hooks';
import { selectCanAccess, selectIsLoggedIn, selectLocked } from '../session/selectors';
import { selectSignsInByDisplayToken } from '../modules/bigdata/display/displaySignInSlice';

/** Applies the navigation rules to every location and sets the page title of the route. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const locked = useAppSelector(selectLocked);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const canAccess = useAppSelector(selectCanAccess);
  const unlockReturnPath = useAppSelector((s) => s.app.unlockReturnPath);
  // A wall signing in by its display token stays on its page whatever happens: nobody is there to log in again.
  const displayWall = useAppSelector(selectSignsInByDisplayToken) && findRouteByPath(location.pathname)?.name === 'bigscreen';
  const redirect = displayWall ? null : resolveRedirect(location.pathname, { locked, loggedIn, canAccess, unlockReturnPath });
  const route = findRouteByPath(location.pathname);

  useEffect(() => {
    const appName = t('app.name');
    document.title = route ? `${t(`route.${route.name}`)} - ${appName}` : appName;
  }, [route, t, i18n.language]);

  if (redirect && redirect !== location.pathname) return <Navigate to={redirect} replace />;
  return <>{children}</>;
}
