/**
 * What the server hands to the web app's loaders for each request. Kept structural (no server
 * imports) so that the web app can declare the same shape.
 */
export type WebLoadContext = {
  buildId: string;
  /** API base as the browser sees it ('' = same origin). */
  apiBase: string;
  /** The nonce of this response's Content-Security-Policy: the page's scripts and style elements carry it. */
  cspNonce: string;
  /** Calls this server's own API in-process, for server-side rendering of public data. */
  apiFetch: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Response>;
};
