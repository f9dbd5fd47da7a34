import type { AppLoadContext } from 'react-router';
import { createApiClient, type ApiClient } from '@fuliaotong/client';

let browserClient: ApiClient | undefined;
let browserBase = '';
let tokenReader: () => string | undefined = () => undefined;
let unauthorizedHandler: () => void = () => undefined;

/** Configures the browser's API client once, from what the server said at render time. */
export function configureBrowserApi(baseUrl: string) {
  browserBase = baseUrl;
  browserClient = createApiClient({
    baseUrl,
    getToken: () => tokenReader(),
    onUnauthorized: () => unauthorizedHandler(),
  });
}

/** Wires the session (token source and what a 401 does) into the client. */
export function setApiSession(getToken: () => string | undefined, onUnauthorized: () => void) {
  tokenReader = getToken;
  unauthorizedHandler = onUnauthorized;
}

/** The API client of the browser. */
export function api(): ApiClient {
  if (!browserClient) configureBrowserApi('');
  return browserClient as ApiClient;
}

/** The API client of a server-side loader: calls the API in-process, anonymously. */
export function serverApi(context: AppLoadContext): ApiClient {
  return createApiClient({ baseUrl: '', fetch: (url, init) => context.apiFetch(url, init as never) });
}

/** An absolute-path URL the API answered (an avatar, say), on the API's origin. */
export function apiUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? `${browserBase}${path}` : path;
}
