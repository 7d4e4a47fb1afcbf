import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { setNavigator } from '../util/navigator';

/** Lends the router's navigate function to the sagas (see util/navigator.ts). */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}
