import type { FastifyInstance } from 'fastify';

/**
 * What the server hands to the web app's loaders for each request. Kept structural (no server
 * imports) so that the web app can declare the same shape.
 */
export type WebLoadContext = {
  buildId: string;
  /** API base as the browser sees it ('' = same origin). */
  apiBase: string;
  /** The nonce of this response's Content-Security-Policy: the scripts of a page rendered for one response carry it (not those of a shared page, which are let in by their hashes). */
  cspNonce: string;
  /** Calls this server's own API in-process, for server-side rendering of public data. */
  apiFetch: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Response>;
};

/** `apiFetch` for the web app's loaders: the request goes through this app in-process (app.inject). */
export function inProcessApiFetch(app: FastifyInstance): WebLoadContext['apiFetch'] {
  return async (path, init) => {
    const response = await app.inject({ method: (init?.method ?? 'GET') as 'GET', url: path, headers: init?.headers, payload: init?.body });
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers: response.headers as Record<string, string> });
  };
}
