import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { waitForHeading } from './support/app.js';
import { gotoHydrated, hydrationProblem, saveScreenshot, url, useBrowser } from './support/browser.js';
import { get } from './support/http.js';

/** apps/web/app/features/session/session-store.ts: SESSION_STORAGE_KEY */
const sessionKey = 'fuliaotong-session';

/** A signed-in browser page: registered through the API, session put where the site keeps it. */
async function signIn(page: Page) {
  const account = `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const response = await fetch(url('/api/app/account/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'Sodium-Starch-Glycolate', nickName: '研究员' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  await page.goto(url('/home'));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [sessionKey, JSON.stringify({ state: { token, user }, version: 1 })] as const);
  return { token };
}

const search = (page: Page) => new URL(page.url()).searchParams;

describe('public information', () => {
  const browser = useBrowser();

  test('the raw HTML of the main pages carries the demo content', async () => {
    const home = await (await get('/home')).text();
    expect(home).toContain('推荐辅料');
    expect(home).toContain('微晶纤维素');
    expect(home).toMatch(/原辅包登记信息[\s\S]*条/);
    const catalogue = await (await get('/excipientsinfo?category=%E5%B4%A9%E8%A7%A3%E5%89%82')).text();
    expect(catalogue).toContain('交联羧甲基纤维素钠');
    expect(catalogue).not.toContain('>微晶纤维素<');
    const detail = await get('/excipientsdetail?id=1');
    expect(detail.status).toBe(200);
    const detailHtml = await detail.text();
    expect(detailHtml).toContain('<title>微晶纤维素（Microcrystalline Cellulose）- 辅料通</title>');
    expect(detailHtml).toContain('PH102');
    const registrations = await (await get('/dbregistrationinfolist?type=%E8%BE%85%E6%96%99')).text();
    expect(registrations).toMatch(/F20\d{9}/);
    expect((await get('/excipientsdetail?id=999999')).status).toBe(404);
  });

  test('catalogue filters live in the URL and the back button restores them', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, '/excipientsinfo');
    await waitForHeading(page, '辅料产品');
    await page.locator('button[data-facet="category"]', { hasText: '崩解剂' }).click();
    await page.waitForURL((u) => u.searchParams.get('category') === '崩解剂');
    await page.locator('.excipient-card', { hasText: '交联羧甲基纤维素钠' }).waitFor();
    expect(await page.locator('.excipient-card__category', { hasNotText: '崩解剂' }).count()).toBe(0);
    await page.getByLabel('搜索辅料').fill('羧甲');
    await page.getByLabel('搜索辅料').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('keyword') === '羧甲');
    expect(search(page).get('category')).toBe('崩解剂');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('keyword') && u.searchParams.get('category') === '崩解剂');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('category'));
    await page.locator('.excipient-card', { hasText: '微晶纤维素' }).first().waitFor();
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('registration records: type, status and sort in the URL', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, '/dbregistrationinfolist?type=%E8%BE%85%E6%96%99&status=A&sort=regno_asc');
    await waitForHeading(page, '原辅包登记信息');
    const regNos = await page.locator('.ant-table-tbody tr td:first-child a').allTextContents();
    expect(regNos.length).toBeGreaterThan(5);
    expect(regNos.every((n) => n.startsWith('F'))).toBe(true);
    expect([...regNos].sort()).toEqual(regNos);
    expect(await page.locator('.ant-table-tbody .ant-tag', { hasText: /^I$/ }).count()).toBe(0);
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2' && u.searchParams.get('sort') === 'regno_asc');
    await page.waitForFunction((first) => document.querySelector('.ant-table-tbody tr td:first-child a')?.textContent !== first, regNos[0]);
    const next = await page.locator('.ant-table-tbody tr td:first-child a').first().textContent();
    expect(next! > regNos.at(-1)!).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('gated fields: log-in prompt for visitors, values for signed-in users, members-only stays hidden', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const raw = await (await get('/topdatabasedetail?code=registration&id=1')).text();
    expect(raw).toContain('登录后查看');
    await gotoHydrated(page, '/topdatabasedetail?code=registration&id=1');
    await expect(page.locator('.ant-descriptions').getByText('登录后查看').count()).resolves.toBe(3);
    await signIn(page);
    await gotoHydrated(page, '/topdatabasedetail?code=registration&id=1');
    await page.locator('.ant-descriptions').getByText('登录后查看').first().waitFor({ state: 'detached' });
    await expect(page.locator('.ant-descriptions').getByText('会员可见').count()).resolves.toBe(1);
    const address = await page.locator('.ant-descriptions-item-label', { hasText: '企业地址' }).locator('xpath=following-sibling::td[1]').textContent();
    expect(address?.length).toBeGreaterThan(5);
    expect(pageErrors).toEqual([]);
  });

  test('a signed-in user favorites a product and finds it in 我的收藏', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page);
    await gotoHydrated(page, '/excipientsdetail?id=2');
    await page.getByRole('button', { name: '收藏' }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await gotoHydrated(page, '/account/favorites', 'main');
    await waitForHeading(page, '我的收藏');
    await page.locator('.favorite-row', { hasText: '乳糖（一水）' }).waitFor();
    await page.locator('.favorite-row').getByRole('button', { name: '取消收藏' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '取消收藏' }).click();
    await page.getByText('还没有收藏').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('search finds “乳糖” across types with highlighted matches; an empty query gets a message', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, '/search?q=%E4%B9%B3%E7%B3%96');
    await page.locator('.search-hit').first().waitFor();
    expect(await page.locator('.search-hit mark', { hasText: '乳糖' }).count()).toBeGreaterThan(2);
    const tabs = await page.locator('.ant-tabs-tab').allTextContents();
    expect(tabs.some((t) => /^辅料产品 [1-9]/.test(t))).toBe(true);
    expect(tabs.some((t) => /^登记信息 [1-9]/.test(t))).toBe(true);
    await page.locator('.ant-tabs-tab', { hasText: '登记信息' }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'registration');
    await page.locator('.search-hit .ant-tag', { hasText: '辅料产品' }).first().waitFor({ state: 'detached' });
    const kinds = await page.locator('.search-hit .ant-tag').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['登记信息']));
    await gotoHydrated(page, '/search?q=');
    await page.getByText('请输入要搜索的关键词').waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('public information: screenshots', () => {
  const browser = useBrowser();
  const horizontalOverflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

  test.each([
    ['desktop', 1280, 900],
    ['mobile', 375, 812],
  ])('/home, /excipientsinfo, /excipientsdetail, /dbregistrationinfolist, /search at %s width', async (_name, width, height) => {
    const mobile = width < 600;
    const { page, pageErrors } = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: mobile ? 2 : 1, isMobile: mobile, hasTouch: mobile });
    for (const [path, name] of [
      ['/home', 'home'],
      ['/excipientsinfo', 'excipientsinfo'],
      ['/excipientsdetail?id=1', 'excipientsdetail'],
      ['/dbregistrationinfolist', 'dbregistrationinfolist'],
      ['/search?q=%E4%B9%B3%E7%B3%96', 'search'],
    ] as const) {
      await gotoHydrated(page, path);
      await page.locator('main').waitFor();
      expect(await page.evaluate(horizontalOverflow), path).toBe(0);
      await saveScreenshot(page, `public-${name}-${width}`, true);
    }
    expect(pageErrors).toEqual([]);
  });
});
