import { url } from './browser.js';

/** A `<title>` with at least one Chinese character in it. */
export const chineseTitle = /<title>([^<]*[\u4e00-\u9fff][^<]*)<\/title>/;

/** A plain HTTP request to the server under test (no browser): what a crawler or curl sees. */
export function get(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url(pathAndQuery), { redirect: 'manual', signal: AbortSignal.timeout(15_000), ...init });
}

/** The `<title>` text of a server-rendered page, or undefined. */
export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}
