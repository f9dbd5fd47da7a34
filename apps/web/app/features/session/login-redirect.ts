import { isStaff, paths, withQuery } from '@fuliaotong/contracts/constants';

/** The query parameter of /login and /register that says where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';

function normalize(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Pages that show the user's own data (every /account page). */
export function isAccountPath(pathname: string): boolean {
  const path = normalize(pathname);
  return path === paths.account || path.startsWith(`${paths.account}/`);
}

/**
 * A redirect target from the query string, if it is a path on this site: it starts with one '/',
 * not '//' or '/\' (other hosts), and has no control characters. Otherwise undefined.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters (tabs and newlines are dropped by URL parsers, which would turn '/\t/x' into '//x').
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  try {
    const parsed = new URL(value, 'http://site.invalid');
    if (parsed.origin !== 'http://site.invalid') return undefined;
  } catch {
    return undefined;
  }
  if (value === paths.login || value.startsWith(`${paths.login}?`)) return undefined;
  if (value === paths.register || value.startsWith(`${paths.register}?`)) return undefined;
  if (value === paths.forgotPassword || value.startsWith(`${paths.forgotPassword}?`)) return undefined;
  return value;
}

/**
 * Where to go after signing in: the redirect parameter of `search`, or else the staff console for a
 * member of the staff (who signs in for the work there) and the account home for everyone else.
 */
export function afterLoginPath(search: string | URLSearchParams, user?: { roles: readonly string[] }): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeRedirect(params.get(REDIRECT_PARAM)) ?? (isStaff(user) ? paths.admin : paths.account);
}

/** /login, remembering `from` (path and query) when it is worth coming back to. */
export function loginHref(from?: string): string {
  return withRedirect(paths.login, from);
}

/** /register, passing the redirect on. */
export function registerHref(from?: string): string {
  return withRedirect(paths.register, from);
}

function withRedirect(page: typeof paths.login | typeof paths.register, from: string | undefined): string {
  const target = safeRedirect(from);
  if (!target || target === paths.home || target === paths.root) return page;
  return withQuery(page, { [REDIRECT_PARAM]: target });
}
