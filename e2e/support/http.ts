import type { BrowserContextOptions } from 'playwright-core';
import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { url } from './browser.js';

/**
 * Loopback addresses of this test file's own: 127.B.x.y with B picked at random once (never 127.0.x.x,
 * where 127.0.0.1 is the browser's). Each request from its own address takes the next one, so no
 * address is used twice by a file.
 */
const ownBlock = randomInt(1, 255);
let ownClients = 0;

function nextOwnAddress(): string {
  ownClients += 1;
  return `127.${ownBlock}.${Math.floor(ownClients / 254) % 256}.${(ownClients % 254) + 1}`;
}

/**
 * A client address of this file's own (see above), for a browser that stands for a client network of
 * its own: the server under test trusts X-Forwarded-For (global-setup.ts), so a context created with
 * `extraHTTPHeaders: { 'x-forwarded-for': ownAddress() }` is counted apart from every other journey
 * by the per-address limits (verification codes, captchas, log-ins).
 */
export function ownAddress(): string {
  return nextOwnAddress();
}

/** A desktop browser (1280 × 900) on a client network of its own. */
export const desktopOnOwnNetwork = (): BrowserContextOptions => ({
  viewport: { width: 1280, height: 900 },
  extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
});

/** A phone (375 × 812, touch, WeChat-sized) on a client network of its own. */
export const phoneOnOwnNetwork = (): BrowserContextOptions => ({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
});

/**
 * A JSON request from a fresh loopback address, as a client on another network would
 * make it. The server allows 20 registrations per client address an hour, and the pages' own sign-ups
 * of every journey come from 127.0.0.1: users set up through the API this way never use that up
 * (e2e/support/accounts.ts: registerByApi).
 */
export function requestFromOwnAddress(
  path: string,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const target = new URL(url(path));
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: nextOwnAddress(),
        headers: {
          ...init.headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        },
        timeout: 15_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${init.method ?? 'request'} ${path} timed out`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
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
