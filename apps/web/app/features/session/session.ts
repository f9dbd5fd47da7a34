import { useStore } from 'zustand';
import { setApiSession } from '../../lib/api';
import { paths } from '@fuliaotong/contracts/constants';
import { isAccountPath, loginHref } from './login-redirect';
import { createSessionStore, safeStorage, syncAcrossTabs, type SessionState, type SessionUser } from './session-store';

/**
 * The site's one session store. In the browser it hydrates from localStorage when this module loads;
 * on the server there is no storage, so it stays logged out.
 *
 * Hydration: `useSession` reads through zustand's `useStore`, whose server snapshot is the initial
 * (logged-out) state, so the server render and the first client render agree; React then re-renders
 * with the stored session.
 */
export const sessionStore = createSessionStore({ storage: safeStorage(() => window.localStorage) });

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

/** The signed-in user, or null (also null during server rendering and hydration). */
export function useCurrentUser(): SessionUser | null {
  return useSession((s) => (s.token ? s.user : null));
}

export function readToken(): string | undefined {
  return sessionStore.getState().readToken();
}

export function login(token: string, user: SessionUser) {
  sessionStore.getState().login(token, user);
}

export function logout() {
  sessionStore.getState().logout();
}

export function setSessionUser(user: SessionUser) {
  sessionStore.getState().setUser(user);
}

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;
let navigator: Navigate | undefined;

/** The router's navigate function, registered by the session bridge once the app has mounted. */
export function setSessionNavigator(navigate: Navigate | undefined) {
  navigator = navigate;
}

function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Sends the user to /login, to come back to where they are now afterwards. */
let lastRedirect: { href: string; at: number } | undefined;

export function goToLogin(from = currentPath()) {
  if (window.location.pathname === paths.login) return;
  const href = loginHref(from);
  // Several calls failing together (or a logout seen twice) send the user once.
  if (lastRedirect && lastRedirect.href === href && Date.now() - lastRedirect.at < 2_000) return;
  lastRedirect = { href, at: Date.now() };
  if (navigator) void navigator(href, { replace: true });
  else window.location.assign(href);
}

let installed = false;

/**
 * What a 401 does (the API client reports one only for the token that is still current, or for a
 * request without one): it ends the session and sends the user to /login. Without a session, only an
 * account page sends the visitor to /login (the address manager and the notices are outside the
 * guard and learn it from their data calls); on any other page a query still running just after
 * signing out or deleting the account leaves the visitor where they are, and what needs an account
 * there asks for it itself.
 */
export function onUnauthorized(pathname: string, signedIn: boolean): 'sign-in' | 'stay' {
  return signedIn || isAccountPath(pathname) ? 'sign-in' : 'stay';
}

/**
 * Browser start-up: the API client reads the token from the store (dropping an expired one) and a
 * 401 ends the session and sends the user to /login (`onUnauthorized`); other tabs' logins and logouts apply here.
 */
export function installBrowserSession() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  readToken();
  setApiSession(readToken, () => {
    if (onUnauthorized(window.location.pathname, readToken() !== undefined) === 'stay') return;
    logout();
    goToLogin();
  });
  let area: Storage | undefined;
  try {
    area = window.localStorage;
  } catch {
    // no storage: nothing to sync
  }
  if (area) syncAcrossTabs(sessionStore, window, area);
}
