import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../lib/query-keys';
import { isAccountPath } from './login-redirect';
import { checkToken } from './session-store';
import { goToLogin, readToken, sessionStore, setSessionNavigator } from './session';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Connects the session store with the router and the query cache (rendered once, in the root):
 * - a 401 navigates with the router (no page reload);
 * - when the user changes or logs out (in this tab or another), their cached data is forgotten, and
 *   an account page that is open is replaced by /login (to come back after signing in);
 * - the token is dropped the moment it expires.
 */
export function SessionBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    setSessionNavigator(navigate);
    return () => setSessionNavigator(undefined);
  }, [navigate]);

  useEffect(() => {
    let expiryTimer: number | undefined;
    const scheduleExpiry = (token: string | null) => {
      window.clearTimeout(expiryTimer);
      if (!token) return;
      const check = checkToken(token, Date.now());
      if (!check.valid) {
        readToken();
        return;
      }
      if (check.exp === undefined) return;
      const delay = Math.min(MAX_DELAY_MS, check.exp * 1000 - Date.now() + 50);
      expiryTimer = window.setTimeout(() => {
        if (!readToken()) return;
        scheduleExpiry(sessionStore.getState().token);
      }, delay);
    };
    scheduleExpiry(sessionStore.getState().token);

    const unsubscribe = sessionStore.subscribe((state, previous) => {
      if (state.token !== previous.token) scheduleExpiry(state.token);
      if (state.user?.id !== previous.user?.id) queryClient.removeQueries({ queryKey: queryKeys.me });
      if (!state.token && previous.token && isAccountPath(window.location.pathname)) goToLogin();
    });
    return () => {
      unsubscribe();
      window.clearTimeout(expiryTimer);
    };
  }, [queryClient]);

  return null;
}
