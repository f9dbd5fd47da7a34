import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, regulations } from '../article/article.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { createTestApp, TEST_SITE_URL, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let clientDir: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-seo-'));
  // With a web build, every other GET goes to the page renderer: these routes must still win.
  t = await createTestApp({
    web: { server: {} as ServerBuild, clientDir, info: { id: 'seo-test', timestamp: 0 } },
  });
  const { db } = t.database;
  const [e] = await db.insert(excipients).values({ nameZh: '乳糖', nameEn: 'Lactose', category: '填充剂' }).returning();
  const [r] = await db
    .insert(regulations)
    .values({ title: '药品管理法', issuer: '全国人大常委会', category: '法律法规', issuedOn: '2019-08-26', status: '现行', content: '<p>…</p>' })
    .returning();
  const [n] = await db
    .insert(news)
    .values({ title: 'R&D <新品>', category: '行业动态', source: '辅料通', publishedOn: '2025-03-01', summary: '…', content: '<p>…</p>' })
    .returning();
  ids.excipient = e!.id;
  ids.regulation = r!.id;
  ids.news = n!.id;
});
afterAll(async () => {
  await t.close();
  await fs.rm(clientDir, { recursive: true, force: true });
});

describe('sitemap.xml', () => {
  it('lists the public pages and every product, regulation and news item with absolute, escaped URLs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'www.fuliaotong.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = response.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const page of ['/home', '/excipientsinfo', '/database', '/dbregistrationinfolist', '/dbinfolist', '/regulations', '/news']) {
      expect(locs).toContain(`http://www.fuliaotong.example${page}`);
    }
    expect(locs).toContain(`http://www.fuliaotong.example/excipientsdetail?id=${ids.excipient}`);
    expect(locs).toContain(`http://www.fuliaotong.example/topregulations?id=${ids.regulation}`);
    expect(locs).toContain(`http://www.fuliaotong.example/topnewsdetail?id=${ids.news}`);
    expect(locs.some((l) => l!.includes('/account') || l!.includes('/login') || l!.includes('/api/'))).toBe(false);
    // Nothing unescaped: every "&" starts an entity.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

});

describe('the site origin', () => {
  it.each(['/sitemap.xml', '/robots.txt'])('in %s is SITE_URL, whatever Host or X-Forwarded-Host the client sends', async (url) => {
    for (const headers of [{ host: 'evil.example' }, { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }]) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`${TEST_SITE_URL}/`);
      expect(response.body).not.toContain('evil.example');
      expect(response.body).not.toContain('https://');
    }
  });
});

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of the account area, the API and sign-in, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'www.fuliaotong.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /account',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /login',
        'Disallow: /register',
        'Disallow: /forgot-password',
        '',
        'Sitemap: http://www.fuliaotong.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
