import 'react-router';

declare module 'react-router' {
  /** Handed over by the server for every request (apps/server/src/web/load-context.ts). */
  interface AppLoadContext {
    buildId: string;
    apiBase: string;
    /** The nonce of this response's Content-Security-Policy: for the scripts of a page not declared shared (entry.server.tsx). */
    cspNonce: string;
    apiFetch: (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) => Promise<Response>;
  }
}

export {};
