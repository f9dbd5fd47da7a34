import { Outlet, redirect, useMatches } from 'react-router';
import { PageLoading } from '../components/load-state';
import type { Route } from './+types/signed-in-guard';
import { loginHref } from '../features/session/login-redirect';
import { readToken } from '../features/session/session';
import { personalPage } from '../site/page-caching';

/**
 * The one navigation guard of the pages that need a signed-in user, as a pathless parent route (see
 * app/routes.ts): without a (valid) token the user is sent to /login, and comes back here after signing
 * in. Its clientLoader runs in the browser before every navigation below it and, on a full page load,
 * right after hydration (the server never sees the token, so it renders the fallback instead of the
 * page). Authorization itself is the server's: this is for navigation only.
 */
/** A signed-in user's pages (also those inside the shared default layout): never kept anywhere. */
export const headers = personalPage;

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!readToken()) throw redirect(loginHref(`${url.pathname}${url.search}`));
  return null;
}
clientLoader.hydrate = true as const;

/** Route ids of the guard (one per place it is mounted), and the frame its loading state sits in. */
export const guardIds = {
  /** Inside the account layout. */
  account: 'signed-in:account',
  /** Pages without a layout (the printable application, payment). */
  standalone: 'signed-in:standalone',
  /** Sample pages inside the default layout. */
  site: 'signed-in:site',
  /** The staff area (its layout inside). */
  admin: 'signed-in:admin',
} as const;

const frameClass: Record<string, string | undefined> = {
  [guardIds.standalone]: 'standalone',
  [guardIds.site]: 'container',
  [guardIds.admin]: 'admin-layout',
};

/** What a guarded page shows until the browser has checked the session: a neutral loading state. */
export function HydrateFallback() {
  const guard = useMatches().find((m) => m.id in frameClass);
  const frame = guard ? frameClass[guard.id] : undefined;
  return frame ? (
    <div className={frame}>
      <PageLoading />
    </div>
  ) : (
    <PageLoading />
  );
}

export default function SignedInGuard() {
  return <Outlet />;
}
