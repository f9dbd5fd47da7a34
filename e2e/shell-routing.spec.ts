import { describe, expect, test } from 'vitest';
import { gotoHydrated, hydrationProblem, useBrowser, waitForHydration } from './support/browser.js';
import { chineseTitle, get, titleOf } from './support/http.js';
import { waitForHeading } from './support/app.js';
import { paths, withQuery } from '@fuliaotong/contracts';

const homeHeading = '药用辅料，一站查询与样品申请';

/** The text of every stylesheet a page's HTML links. */
async function stylesheetsOf(html: string): Promise<string> {
  const hrefs = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])?.[1] ?? '');
  const texts = await Promise.all(hrefs.map(async (href) => (await get(href)).text()));
  return texts.join('\n');
}

describe('platform shell: routing and server rendering', () => {
  const browser = useBrowser();

  test('/ redirects to /home, which shows its heading', async () => {
    const raw = await get('/');
    expect([301, 302]).toContain(raw.status);
    expect(raw.headers.get('location')).toBe(paths.home);

    const { page } = await browser.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(paths.home);
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/$/);
    await waitForHeading(page, homeHeading);
  });

  test('/home is server-rendered in Chinese and hydrates without mismatches or errors', async () => {
    const raw = await get(paths.home);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await raw.text();
    expect(html).toMatch(/<html lang="zh-CN"/);
    expect(html).toContain(`>${homeHeading}</h1>`);
    expect(titleOf(html)).toBe('辅料通 - 药用辅料信息与样品服务平台');
    // The public shell loads without antd (docs/decisions/0036): neither its stylesheet nor its code.
    const homeSheets = await stylesheetsOf(html);
    expect(homeSheets).not.toContain('.ant-btn');
    expect(homeSheets).toContain('.site-header');
    // Nor do the sign-in pages (docs/decisions/0067); a page inside antd's scope links its stylesheet.
    expect(await stylesheetsOf(await (await get(paths.login)).text())).not.toContain('.ant-btn');
    expect(await stylesheetsOf(await (await get(paths.notices)).text())).toContain('.ant-btn');

    const { page, console: messages, pageErrors } = await browser.newPage();
    const antdCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/antd-/.test(request.url())) antdCode.push(request.url());
    });
    await gotoHydrated(page, paths.home);
    // The whole page hydrated, not just the header: the section cards are interactive React nodes.
    await waitForHydration(page, '.excipient-grid a[href]');
    expect(await page.title()).toBe('辅料通 - 药用辅料信息与样品服务平台');
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(antdCode).toEqual([]);
  });

  test('an unknown path answers 404, names the path and offers the way home', async () => {
    const { page, pageErrors } = await browser.newPage();
    const response = await gotoHydrated(page, '/nope/x?y=1');
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('页面不存在 - 辅料通');
    // Inside the site layout's one <main>: the heading, the required message with the path, a way home.
    expect(await page.locator('main').count()).toBe(1);
    const view = page.locator('main .error-view[data-status="404"]');
    await view.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
    await expect(view.locator('.error-view__detail').textContent()).resolves.toBe('Page Not Found: /nope/x?y=1');
    await expect(view.getByRole('link', { name: '返回首页' }).getAttribute('href')).resolves.toBe(paths.home);
    expect(pageErrors).toEqual([]);

    const raw = await get('/nope/x?y=1');
    expect(raw.status).toBe(404);
    expect(await raw.text()).toContain('Page Not Found: /nope/x?y=1');
  });

  test('the deprecated /dbregistrationinfo(废弃) permanently redirects to /dbregistrationinfolist', async () => {
    for (const deprecated of [`/dbregistrationinfo(${encodeURIComponent('废弃')})`, '/dbregistrationinfo%28%E5%BA%9F%E5%BC%83%29']) {
      const raw = await get(deprecated);
      expect([301, 308], deprecated).toContain(raw.status);
      expect(raw.headers.get('location'), deprecated).toBe(paths.registrations);
    }

    const { page } = await browser.newPage();
    const response = await page.goto(paths.registrationsDeprecated);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(paths.registrations);
    expect(await page.title()).toBe('原辅包登记信息 - 辅料通');
  });

  const specRoutes = [
    paths.home,
    paths.homeBack,
    paths.links,
    paths.database,
    paths.standards,
    paths.registrations,
    withQuery(paths.excipientDetail, { id: 1 }),
    paths.excipients,
    paths.formConfirm,
    paths.formSuccess,
    paths.news,
    paths.regulations,
    paths.sampleCart,
    paths.search,
    paths.about,
    paths.selfCheck,
    paths.topDatabase,
    paths.topDatabaseDetail,
    paths.topNews,
    paths.topNewsDetail,
    paths.topRegulations,
    paths.account,
    paths.accountIndex,
    paths.addresses,
    paths.applications,
    paths.databaseOrders,
    paths.favorites,
    paths.invoices,
    paths.notices,
    paths.upgrade,
    paths.applicationOrder,
    paths.payment,
    paths.login,
    paths.register,
  ];

  test('every route of the spec is server-rendered with a Chinese title', async () => {
    const problems: string[] = [];
    const titles = new Map<string, string>();
    for (const route of specRoutes) {
      const response = await get(route);
      if (route.startsWith('/account/') || route === paths.account) {
        // Account pages may send visitors without a session to the login page by design.
        const location = response.headers.get('location');
        if ([302, 303, 307].includes(response.status) && location?.startsWith(paths.login)) continue;
      }
      // A detail page opened without its `?id=` (or `?code=`) sends the visitor to its list.
      const detailLists: Record<string, string> = {
        [paths.excipientDetail]: paths.excipients,
        [paths.topDatabase]: paths.database,
        [paths.topDatabaseDetail]: paths.database,
        [paths.topNewsDetail]: paths.news,
      };
      if (detailLists[route]) {
        if (response.status !== 302 || response.headers.get('location') !== detailLists[route]) {
          problems.push(`${route}: expected 302 to ${detailLists[route]}, got ${response.status} ${response.headers.get('location')}`);
        }
        continue;
      }
      const html = await response.text();
      const title = chineseTitle.exec(html)?.[1];
      if (response.status !== 200) problems.push(`${route}: HTTP ${response.status}`);
      else if (!title) problems.push(`${route}: no Chinese <title> (${titleOf(html) ?? 'none'})`);
      else titles.set(route, title);
    }
    expect(problems).toEqual([]);
    // Each section has a title of its own (not one generic title for everything).
    expect(new Set(titles.values()).size).toBeGreaterThan(20);
  });

  test('an unknown API path answers 404 JSON with an error code', async () => {
    const response = await get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    expect(body.error?.code).toBe('not_found');
    expect(typeof body.error?.message).toBe('string');
  });
});
