import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { apiOriginOf, EMPTY_STYLE_HASH, pageSecurityPolicy, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers.js';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-headers-'));
  await fs.mkdir(path.join(clientDir, 'assets'));
  await fs.writeFile(path.join(clientDir, 'assets', 'entry-abc123.js'), 'console.log(1)');
  // A web build, so that assets are served as in production (pages themselves are checked by the journeys).
  t = await createTestApp({ web: { server: {} as ServerBuild, clientDir, info: { id: 'headers-test', timestamp: 0 } } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
}

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/app/excipient?page=1&pageSize=5', 200],
    ['an API error', '/api/app/excipient?page=abc', 400],
    ['an unknown API path', '/api/app/nothing-here', 404],
    ['a signed-in endpoint without a token', '/api/app/account/profile', 401],
    ['a hashed asset', '/assets/entry-abc123.js', 200],
    ['sitemap.xml', '/sitemap.xml', 200],
  ])('are on %s, with a policy that loads nothing and forbids framing', async (_what, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expectCommonHeaders(response.headers);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
    );
    // Plain HTTP: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS when the request came over HTTPS through the trusted proxy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/excipient', headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('give the API documentation its own policy, still unframeable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('are on the answers to requests the HTTP parser refuses', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET /api/app/excipient HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(raw).toMatch(/\r\nX-Frame-Options: DENY\r\n/i);
  });
});

describe('the page policy', () => {
  const directivesOf = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)]));

  it('allows scripts only by nonce, styles by origin, nonce or empty, and no plugins, <base> or framing', () => {
    const policy = pageSecurityPolicy({ trust: { nonce: 'abc' }, https: false });
    const directives = directivesOf(policy);
    expect(directives.get('script-src')).toBe("'nonce-abc' 'strict-dynamic'");
    expect(directives.get('style-src-elem')).toBe(`'self' 'nonce-abc' ${EMPTY_STYLE_HASH}`);
    expect(directives.get('style-src-attr')).toBe("'unsafe-inline'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('allows a shared page’s scripts and styles only by their hashes, and no script at all without one', () => {
    const policy = pageSecurityPolicy({ trust: { scripts: ['sha256-a', 'sha256-b'], styles: ['sha256-c'] }, https: false });
    const directives = directivesOf(policy);
    expect(directives.get('script-src')).toBe("'sha256-a' 'sha256-b' 'strict-dynamic'");
    expect(directives.get('style-src-elem')).toBe(`'self' 'sha256-c' ${EMPTY_STYLE_HASH}`);
    expect(policy).not.toContain('nonce-');
    expect(directivesOf(pageSecurityPolicy({ trust: { scripts: [], styles: [] }, https: false })).get('script-src')).toBe("'none'");
    // The empty style element's hash is the hash of no text.
    expect(EMPTY_STYLE_HASH).toBe(`'sha256-${createHash('sha256').update('').digest('base64')}'`);
  });

  it('lets pages reach an API on another origin, and upgrades plain requests on HTTPS', () => {
    const policy = pageSecurityPolicy({ trust: { nonce: 'n' }, apiOrigin: apiOriginOf('https://api.example.com/v1'), https: true });
    expect(policy).toContain("connect-src 'self' https://api.example.com");
    expect(policy).toContain("img-src 'self' data: blob: https://api.example.com");
    expect(policy.endsWith('upgrade-insecure-requests')).toBe(true);
    expect(apiOriginOf('')).toBeUndefined();
    expect(apiOriginOf('/api-base')).toBeUndefined();
  });
});
