import { Spin } from 'antd';
import { redirect } from 'react-router';
import { isGuardedPath, loginHref } from './login-redirect';
import { readToken } from './session';

/**
 * The navigation check of the guarded account pages, as their `clientLoader`: without a (valid)
 * token the user is sent to /login, and comes back here after signing in. It runs in the browser
 * before every navigation to the page and, on a full page load, right after hydration (the server
 * never sees the token, so it renders {@link GuardFallback} instead of the page).
 */
export function guardedClientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  if (isGuardedPath(url.pathname) && !readToken()) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return null;
}
guardedClientLoader.hydrate = true as const;

/**
 * The same check for a page outside the account area that works only with a session (the sample
 * cart and the application form): without a token the user is sent to /login, to come back here.
 */
export function signedInClientLoader({ request }: { request: Request }) {
  const url = new URL(request.url);
  if (!readToken()) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return null;
}
signedInClientLoader.hydrate = true as const;

/** What a guarded page shows until the browser has checked the session: a neutral loading state. */
export function GuardFallback() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin />
      <span className="page-loading__text">正在加载…</span>
    </div>
  );
}
