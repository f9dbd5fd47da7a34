import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { waitForHeading } from './support/app.js';
import { registerByApi, signIn } from './support/accounts.js';
import { gotoHydrated, hydrationProblem, saveScreenshot, useBrowser } from './support/browser.js';
import { get } from './support/http.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/** A signed-in browser page: registered through the API, session put where the site keeps it. */
async function signInNewMember(page: Page) {
  const member = await registerByApi('研究员');
  await signIn(page, member, paths.home);
}

const search = (page: Page) => new URL(page.url()).searchParams;

describe('public information', () => {
  const browser = useBrowser();

  test('the raw HTML of the main pages carries the demo content', async () => {
    const home = await (await get(paths.home)).text();
    expect(home).toContain('推荐辅料');
    expect(home).toContain('微晶纤维素');
    expect(home).toMatch(/原辅包登记信息[\s\S]*条/);
    const catalogue = await (await get(withQuery(paths.excipients, { category: '崩解剂' }))).text();
    expect(catalogue).toContain('交联羧甲基纤维素钠');
    expect(catalogue).not.toContain('>微晶纤维素<');
    const detail = await get(withQuery(paths.excipientDetail, { id: 1 }));
    expect(detail.status).toBe(200);
    const detailHtml = await detail.text();
    expect(detailHtml).toContain('<title>微晶纤维素（Microcrystalline Cellulose）- 辅料通</title>');
    expect(detailHtml).toContain('PH102');
    const registrations = await (await get(withQuery(paths.registrations, { type: '辅料' }))).text();
    expect(registrations).toMatch(/F20\d{9}/);
    // 5,000 demo records: the unfiltered list says how many there are, as the home page does, and that
    // its numbered pages reach the first 1,000 (REGISTRATION_COUNT_CAP), 下一页 the rest.
    const homeCount = /原辅包登记信息(?:<!-- -->)?\s*<strong>([\d,]+)<\/strong>/.exec(home)?.[1];
    expect(homeCount).toBe('5,000');
    const all = await (await get(paths.registrations)).text();
    expect(all).toContain(`<strong>${homeCount}</strong>`);
    expect(all).toContain('页码可到前 1,000 条');
    expect(all).not.toContain('1,000+');
    expect(all).not.toContain('共约');
    expect((await get(withQuery(paths.excipientDetail, { id: 999999 }))).status).toBe(404);
    expect((await get(withQuery(paths.excipientDetail, { id: 'abc' }))).status).toBe(404);
    const searchHtml = await (await get(withQuery(paths.search, { q: '乳糖' }))).text();
    expect(searchHtml).toContain('<mark>乳糖</mark>');
    const regulation = await (await get(withQuery(paths.topRegulations, { id: 1 }))).text();
    expect(regulation).toMatch(/<h1 class="article-page__title">[^<]+<\/h1>/);
    expect(regulation).toContain('相关法规');
    expect(regulation).not.toContain('<script>alert');
    expect(await (await get(paths.standards)).text()).toContain('药典标准数据库');
  });

  test('catalogue filters live in the URL and the back button restores them', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, paths.excipients);
    await waitForHeading(page, '辅料产品');
    await page.locator('button[data-facet="category"]', { hasText: '崩解剂' }).click();
    await page.waitForURL((u) => u.searchParams.get('category') === '崩解剂');
    // The list is replaced once the loader has answered: every card is a disintegrant.
    await page.waitForFunction(() => {
      const categories = Array.from(document.querySelectorAll('.excipient-card__category')).map((e) => e.textContent);
      return categories.length > 0 && categories.every((c) => c === '崩解剂');
    });
    await page.locator('.excipient-card', { hasText: '交联羧甲基纤维素钠' }).waitFor();
    await page.getByRole('button', { name: '移除筛选：崩解剂' }).waitFor();
    await page.getByLabel('搜索辅料').fill('羧甲');
    await page.getByLabel('搜索辅料').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('keyword') === '羧甲');
    expect(search(page).get('category')).toBe('崩解剂');
    // A chosen filter's chip takes that filter alone away.
    await page.getByRole('button', { name: '移除筛选：关键词：羧甲' }).click();
    await page.waitForURL((u) => !u.searchParams.has('keyword') && u.searchParams.get('category') === '崩解剂');
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get('keyword') === '羧甲' && u.searchParams.get('category') === '崩解剂');
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
    await gotoHydrated(page, withQuery(paths.registrations, { type: '辅料', status: 'A', sort: 'regno_asc' }));
    await waitForHeading(page, '原辅包登记信息');
    const regNos = await page.locator('.data-table tbody tr td:first-child a').allTextContents();
    expect(regNos.length).toBeGreaterThan(5);
    expect(regNos.every((n) => n.startsWith('F'))).toBe(true);
    expect([...regNos].sort()).toEqual(regNos);
    expect(await page.locator('.data-table .status-tag', { hasText: /^I$/ }).count()).toBe(0);
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2' && u.searchParams.get('sort') === 'regno_asc');
    await page.waitForFunction(
      (first) => document.querySelector('.data-table tbody tr td:first-child a')?.textContent !== first,
      regNos[0],
    );
    const next = await page.locator('.data-table tbody tr td:first-child a').first().textContent();
    expect(next! > regNos.at(-1)!).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('registration records: 下一页 goes on past the numbered pages, 上一页 comes back', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const regNos = () => page.locator('.data-table tbody tr td:first-child a').allTextContents();
    await gotoHydrated(page, `${paths.registrations}?sort=regno_asc&page=50`);
    await waitForHeading(page, '原辅包登记信息');
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByText('第 50 页').waitFor();
    const fiftieth = await regNos();
    expect(fiftieth).toHaveLength(20);
    for (const n of [51, 52]) {
      const before = await regNos();
      await pager.getByRole('link', { name: '下一页' }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === String(n) && u.searchParams.has('after'));
      await page.waitForFunction((first) => document.querySelector('.data-table tbody tr td:first-child a')?.textContent !== first, before[0]);
      const rows = await regNos();
      expect(rows).toHaveLength(20);
      // The next twenty in the order, none skipped or repeated.
      expect(rows[0]! > before.at(-1)!).toBe(true);
      expect([...rows].sort()).toEqual(rows);
      await pager.getByText(`第 ${n} 页`).waitFor();
    }
    await pager.getByRole('button', { name: '上一页' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '51');
    await pager.getByRole('link', { name: '第 50 页' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '50' && !u.searchParams.has('after'));
    await page.waitForFunction((first) => document.querySelector('.data-table tbody tr td:first-child a')?.textContent === first, fiftieth[0]);
    expect(pageErrors).toEqual([]);
  });

  test('registration records: filters picked on the page and a column sort go into the URL; back restores them', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, paths.registrations);
    await waitForHeading(page, '原辅包登记信息');
    await page.getByLabel('类型').selectOption('药包材');
    await page.waitForURL((u) => u.searchParams.get('type') === '药包材');
    await page.waitForFunction(() => {
      const types = Array.from(document.querySelectorAll('.data-table tbody tr td:nth-child(5)')).map((e) => e.textContent);
      return types.length > 0 && types.every((t) => t === '药包材');
    });
    await page.getByLabel('审评结果').selectOption({ label: 'I（尚未通过与制剂共同审评审批）' });
    await page.waitForURL((u) => u.searchParams.get('status') === 'I' && u.searchParams.get('type') === '药包材');
    await page.getByRole('columnheader', { name: '登记号' }).getByRole('button').click();
    await page.waitForURL((u) => u.searchParams.get('sort') === 'regno_asc');
    await page.waitForFunction(() => {
      const regNos = Array.from(document.querySelectorAll('.data-table tbody tr td:first-child a')).map((e) => e.textContent ?? '');
      return regNos.length > 1 && regNos.every((n, i) => n.startsWith('B') && (i === 0 || regNos[i - 1]! <= n));
    });
    expect(await page.locator('.data-table .status-tag', { hasText: /^A$/ }).count()).toBe(0);
    await page.getByRole('link', { name: '清除筛选' }).waitFor();
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('sort') && u.searchParams.get('status') === 'I');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('status') && u.searchParams.get('type') === '药包材');
    await page.getByRole('link', { name: '清除筛选' }).click();
    await page.waitForURL((u) => u.pathname === paths.registrations && u.search === '');
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('product page: grades and pack sizes, the sample entry point, a favorite that stays after a reload', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: 1 }));
    await waitForHeading(page, '微晶纤维素');
    const grades = await page.locator('.spec-table tbody th').allTextContents();
    expect(grades).toEqual(expect.arrayContaining(['PH101', 'PH102', 'PH200']));
    expect(await page.locator('.spec-table button.spec-pack').count()).toBeGreaterThan(3);
    expect(await page.getByText('CAS 号').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'F20230000001' }).waitFor();
    // Documents by access level, for a visitor.
    await page.locator('.doc-list').getByRole('link', { name: /下载$/ }).first().waitFor();
    expect(
      await page
        .locator('.doc-list')
        .getByRole('link', { name: /登录后下载/ })
        .count(),
    ).toBeGreaterThan(0);
    await page
      .locator('.doc-list')
      .getByRole('link', { name: /申请获取/ })
      .first()
      .waitFor();
    // Signed out, 收藏 asks to log in first and comes back here.
    await page.getByRole('button', { name: '收藏' }).click();
    await page.waitForURL((u) => u.pathname === paths.login && u.searchParams.get('redirect') === withQuery(paths.excipientDetail, { id: 1 }));

    await signInNewMember(page);
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: 1 }));
    // Signed in, the log-in documents can be downloaded.
    await page
      .locator('.doc-list')
      .getByRole('link', { name: /登录后下载/ })
      .first()
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /(^|\s)收藏$/ }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await page.getByRole('button', { name: '已收藏' }).click();
    await page.getByRole('button', { name: /(^|\s)收藏$/ }).waitFor();

    // The sample entry point: a pack size picked in the table goes into the sample cart.
    const pack = page.getByRole('button', { name: 'PH102 500 g', exact: true });
    await pack.click();
    await expect(pack.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: /加入样品车/ }).click();
    await page
      .locator('.sample-picker__outcome')
      .getByText('已将 微晶纤维素（PH102 · 500 g） 1 件加入样品车。', { exact: false })
      .waitFor();
    await page.locator('.sample-picker__outcome').getByRole('link', { name: '去样品车' }).click();
    await waitForHeading(page, '样品车');
    await page.locator('.cart-table').getByRole('link', { name: '微晶纤维素' }).waitFor();
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('a missing product answers 404 inside the site layout, with a way back to the catalogue', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const response = await gotoHydrated(page, withQuery(paths.excipientDetail, { id: 999999 }));
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('页面不存在 - 辅料通');
    await page.locator('.error-view[data-status="404"]').getByText('辅料产品不存在').waitFor();
    await page.getByRole('link', { name: '浏览辅料产品' }).click();
    await waitForHeading(page, '辅料产品');
    expect(pageErrors).toEqual([]);
  });

  test('article text is rendered from its allowed markup and hydrates without mismatches', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of [withQuery(paths.topRegulations, { id: 1 }), withQuery(paths.topNewsDetail, { id: 1 })]) {
      await gotoHydrated(page, path);
      await page.locator('.rich-text p').first().waitFor();
      expect(await page.locator('.rich-text script, .rich-text [style], .rich-text [onclick]').count()).toBe(0);
      const external = page.locator('.rich-text a[href^="http"]');
      for (const rel of await external.evaluateAll((links) => links.map((a) => a.getAttribute('rel')))) {
        expect(rel).toContain('noopener');
      }
      await page.locator('.article-layout__side .article-list a').first().waitFor();
    }
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('gated fields: log-in prompt for visitors, values for signed-in users, members-only stays hidden', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const raw = await (await get(withQuery(paths.topDatabaseDetail, { code: 'registration', id: 1 }))).text();
    expect(raw).toContain('登录后查看');
    await gotoHydrated(page, withQuery(paths.topDatabaseDetail, { code: 'registration', id: 1 }));
    const facts = page.locator('main dl');
    await expect(facts.getByRole('link', { name: '登录后查看' }).count()).resolves.toBe(3);
    await signInNewMember(page);
    await gotoHydrated(page, withQuery(paths.topDatabaseDetail, { code: 'registration', id: 1 }));
    await facts.getByRole('link', { name: '登录后查看' }).first().waitFor({ state: 'detached' });
    await expect(facts.getByRole('link', { name: '会员可见' }).count()).resolves.toBe(1);
    const address = await facts.getByRole('term').filter({ hasText: '企业地址' }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(address?.length).toBeGreaterThan(5);
    expect(pageErrors).toEqual([]);
  });

  test('a signed-in user favorites a product and finds it in 我的收藏', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInNewMember(page);
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: 2 }));
    await page.getByRole('button', { name: '收藏' }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await gotoHydrated(page, paths.favorites, 'main');
    await waitForHeading(page, '我的收藏');
    await page.locator('.favorite-row', { hasText: '乳糖（一水）' }).waitFor();
    await page.locator('.favorite-row').getByRole('button', { name: '取消收藏' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '取消收藏' }).click();
    await page.getByText('还没有收藏').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('search finds “乳糖” across types with highlighted matches; an empty query gets a message', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, withQuery(paths.search, { q: '乳糖' }));
    await page.locator('.search-hit').first().waitFor();
    expect(await page.locator('.search-hit mark', { hasText: '乳糖' }).count()).toBeGreaterThan(2);
    const tabs = await page.locator('.search-tab').allTextContents();
    expect(tabs.some((t) => /^辅料产品 [1-9]/.test(t))).toBe(true);
    expect(tabs.some((t) => /^登记信息 [1-9]/.test(t))).toBe(true);
    // The "all" tab groups the hits by type, each group with its count.
    const groups = await page.locator('.search-group__title').allTextContents();
    expect(groups[0]).toMatch(/^辅料产品 \d+ 条$/);
    expect(groups.some((g) => /^登记信息 \d+ 条$/.test(g))).toBe(true);
    expect(await page.locator('.search-group').first().locator('.search-hit__title mark', { hasText: '乳糖' }).count()).toBeGreaterThan(0);
    await page.locator('.search-tab', { hasText: '登记信息' }).click();
    await page.waitForURL((u) => u.searchParams.get('type') === 'registration');
    // One type: a flat list whose hits carry their type, paged.
    await page.locator('.search-group').first().waitFor({ state: 'detached' });
    await page.locator('.search-hit .status-tag').first().waitFor();
    const kinds = await page.locator('.search-hit .status-tag').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['登记信息']));
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2' && u.searchParams.get('type') === 'registration');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page') && u.searchParams.get('type') === 'registration');
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('type'));
    await page.locator('.search-group').first().waitFor();

    const empty = await gotoHydrated(page, '/search?q=');
    expect(empty?.status()).toBe(200);
    await page.getByText('请输入要搜索的关键词').waitFor();
    await gotoHydrated(page, withQuery(paths.search, { q: '乳'.repeat(51) }));
    await page.getByText('搜索关键词最多 50 个字').waitFor();
    expect(await page.locator('.search-hit').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('news categories are links that keep the search words and mark the chosen one', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(page, withQuery(paths.news, { keyword: '筛选', page: 2 }));
    await waitForHeading(page, '行业资讯');
    const categories = page.getByRole('navigation', { name: '资讯分类' });
    expect(await categories.getByRole('link', { name: '全部' }).getAttribute('aria-current')).toBe('page');
    await categories.getByRole('link', { name: '技术文章' }).click();
    await page.waitForURL(
      (u) => u.searchParams.get('category') === '技术文章' && u.searchParams.get('keyword') === '筛选' && !u.searchParams.has('page'),
    );
    await categories.locator('[aria-current="page"]', { hasText: '技术文章' }).waitFor();
    await page.waitForFunction(() => {
      const metas = Array.from(document.querySelectorAll('.news-item .article-list__meta')).map((e) => e.textContent ?? '');
      return metas.length > 0 && metas.every((m) => m.startsWith('技术文章'));
    });
    await page.getByLabel('搜索资讯').fill('');
    await page.waitForURL((u) => !u.searchParams.has('keyword') && u.searchParams.get('category') === '技术文章');
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
    const { page, pageErrors } = await browser.newPage({
      viewport: { width, height },
      deviceScaleFactor: mobile ? 2 : 1,
      isMobile: mobile,
      hasTouch: mobile,
    });
    for (const [path, name] of [
      [paths.home, 'home'],
      [paths.excipients, 'excipientsinfo'],
      [withQuery(paths.excipientDetail, { id: 1 }), 'excipientsdetail'],
      [paths.registrations, 'dbregistrationinfolist'],
      [withQuery(paths.search, { q: '乳糖' }), 'search'],
    ] as const) {
      await gotoHydrated(page, path);
      await page.locator('main').waitFor();
      expect(await page.evaluate(horizontalOverflow), path).toBe(0);
      if (name === 'dbregistrationinfolist') {
        // Phones get the records as cards, desktops as a table.
        expect(await page.locator('.record-card').first().isVisible()).toBe(mobile);
        expect(await page.locator('.records-table').isVisible()).toBe(!mobile);
      }
      await saveScreenshot(page, `public-${name}-${width}`, true);
    }
    expect(pageErrors).toEqual([]);
  });
});
