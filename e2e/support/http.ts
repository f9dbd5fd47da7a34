import { randomInt } from 'node:crypto';
import { url } from './browser.js';

/**
 * Headers of an API call made as a client of its own (a random private address in X-Forwarded-For,
 * which the test server trusts from 127.0.0.1): for setting up accounts through the API without using
 * up the per-address registration limit (20 an hour) that every journey on this machine shares.
 */
export function asClient(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` };
}

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
