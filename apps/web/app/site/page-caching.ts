import type { HeadersFunction } from 'react-router';

/**
 * Who may keep a copy of a page, declared by the route that knows (a route's `headers` export; a
 * route without one takes its parent's). The server reads the declaration and decides the rest
 * (apps/server/src/web/web.plugin.ts, docs/decisions/0030): how long, the ETag, its own page cache.
 */

/**
 * The same for every visitor until hydration personalises it (docs/decisions/0009): the server may
 * keep it and serve it to everyone, and so may a CDN, briefly.
 */
export const sharedPage: HeadersFunction = () => ({ 'Cache-Control': 'public' });

/** A signed-in user's page: no copy anywhere. Pages without a declaration are treated the same. */
export const personalPage: HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** Anonymous, but every request must reach the server (site search logs each search for the dashboard). */
export const uncachedPage: HeadersFunction = () => ({ 'Cache-Control': 'private, no-cache' });
