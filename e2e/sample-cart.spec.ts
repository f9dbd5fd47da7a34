import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { choose, chooseRegion, settle, waitForHeading } from './support/app.js';
import { apiRequest, fillLogin, registerByApi, type Session, signIn, staffSession } from './support/accounts.js';
import { gotoHydrated, hydrationProblem, saveScreenshot, useBrowser } from './support/browser.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/** apps/web/app/features/sample-cart/use-cart-count.ts: CART_BADGE_COLOR (#FFB84D) */
const badgeColor = 'rgb(255, 184, 77)';

const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
const phone: BrowserContextOptions = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

interface Spec {
  id: number;
  grade: string;
  packSize: string;
  sampleAvailable: boolean;
}
interface SamplePick {
  id: number;
  nameZh: string;
  spec: Spec;
}
interface SampleLimits {
  maxCartItems: number;
  maxApplicationItems: number;
  maxQuantity: number;
  maxPendingApplications: number;
}

/**
 * Products of the demo catalogue with pack sizes offered as samples: `count` distinct specs, taking up
 * to `perProduct` from each product.
 */
async function samplePicks(count: number, perProduct = 1): Promise<SamplePick[]> {
  const picks: SamplePick[] = [];
  for (let page = 1; picks.length < count && page <= 20; page += 1) {
    const { body: list } = await apiRequest<{ items: Array<{ id: number }> }>(
      `/api/app/excipient?sampleAvailable=true&page=${page}&pageSize=50`,
    );
    if (list.items.length === 0) break;
    for (const { id } of list.items) {
      const { body } = await apiRequest<{ id: number; nameZh: string; specs: Spec[] }>(`/api/app/excipient/${id}`);
      for (const spec of body.specs.filter((s) => s.sampleAvailable).slice(0, perProduct)) {
        if (picks.length < count) picks.push({ id: body.id, nameZh: body.nameZh, spec });
      }
      if (picks.length >= count) break;
    }
  }
  if (picks.length < count) throw new Error(`the demo catalogue offers only ${picks.length} sample pack sizes`);
  return picks;
}

async function addByApi(session: Session, pick: SamplePick, quantity = 1) {
  const { status, body } = await apiRequest('/api/app/sample/sample-cart', {
    method: 'POST',
    token: session.token,
    json: { excipientId: pick.id, specId: pick.spec.id, quantity },
  });
  expect([200, 201], JSON.stringify(body)).toContain(status);
}

const panel = (page: Page) => page.getByRole('complementary', { name: '快捷工具' });
const cartLink = (page: Page) => panel(page).getByRole('link', { name: /^样品车/ });
const badge = (page: Page) => panel(page).locator('.count-badge');
const expandHandle = (page: Page) => panel(page).getByRole('button', { name: '展开快捷工具' });
const collapseHandle = (page: Page) => panel(page).getByRole('button', { name: '收起快捷工具' });

/** The panel collapses on any click elsewhere (a button on the page, a link): open it again to look at it. */
async function openPanel(page: Page) {
  await panel(page).waitFor();
  if ((await expandHandle(page).count()) > 0) await expandHandle(page).click();
  await collapseHandle(page).waitFor();
}

async function expectExpanded(page: Page) {
  await collapseHandle(page).waitFor();
  await cartLink(page).waitFor();
  expect(await expandHandle(page).count()).toBe(0);
}

async function expectCollapsed(page: Page) {
  await expandHandle(page).waitFor();
  expect(await cartLink(page).count()).toBe(0);
  expect(await collapseHandle(page).count()).toBe(0);
}

/** The computed background colour of the badge, and what it reads. */
async function badgeLook(locator: Locator): Promise<{ color: string; text: string }> {
  return locator.evaluate((el) => ({ color: getComputedStyle(el).backgroundColor, text: (el as HTMLElement).innerText.trim() }));
}

/** Picks an option of the antd Select labelled `label`. */
/** How far the page is wider than the viewport (0 = no sideways scrolling). */
const horizontalOverflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe('side panel and sample cart', () => {
  const browser = useBrowser();

  test('signed out: no badge, and the cart goes to /login (and back to the cart after logging in)', async () => {
    const member = await registerByApi('面板访客');
    const { page, console: messages, pageErrors } = await browser.newPage(desktop);
    const countCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/app/sample/sample-cart-num')) countCalls.push(request.url());
    });
    await gotoHydrated(page, paths.home);
    await expectExpanded(page);
    await settle(page);
    expect(await badge(page).count()).toBe(0);
    expect(countCalls).toEqual([]); // not asked for without a token
    await cartLink(page).click();
    await page.waitForURL((u) => u.pathname === paths.login);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(paths.sampleCart);
    await fillLogin(page, member.account);
    await page.waitForURL((u) => u.pathname === paths.sampleCart);
    await waitForHeading(page, '样品车');
    await page.getByText('样品车还是空的').waitFor();
    await page.getByRole('link', { name: '浏览辅料产品' }).waitFor();
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('the panel collapses on its handle, a wheel scroll, a click elsewhere and 回到顶部; the handle expands it', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    await gotoHydrated(page, paths.about);
    await waitForHeading(page, '关于我们');
    await expectExpanded(page);

    // The collapse handle, then the expand handle.
    await collapseHandle(page).click();
    await expectCollapsed(page);
    await expandHandle(page).click();
    await expectExpanded(page);

    // A mouse-wheel scroll.
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 120);
    await expectCollapsed(page);
    await expandHandle(page).click();
    await expectExpanded(page);

    // A click elsewhere on the page (a click inside the panel's popovers is not elsewhere).
    await panel(page).getByRole('button', { name: '联系客服' }).hover();
    await page.locator('.side-panel__popup').getByText('客服热线').click();
    await expectExpanded(page);
    await page.getByRole('heading', { level: 1, name: '关于我们' }).click();
    await expectCollapsed(page);
    await expandHandle(page).click();
    await expectExpanded(page);

    // 回到顶部: scrolls the window to the top and collapses the panel.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 100);
    await panel(page).getByRole('button', { name: '回到顶部' }).click();
    await expectCollapsed(page);
    await page.waitForFunction(() => window.scrollY === 0);
    await expandHandle(page).click();
    await expectExpanded(page);

    // Every button has a name; the QR codes are there.
    for (const name of ['公众号二维码', '小程序二维码', '联系客服', '回到顶部', '收起快捷工具']) {
      await panel(page).getByRole('button', { name, exact: true }).waitFor();
    }
    await panel(page).getByRole('button', { name: '公众号二维码' }).hover();
    // A code the staff set, or the tile's note that it is coming (never a code to nowhere).
    await page.locator('.side-panel__popup').locator('img.side-panel__qr-image, .side-panel__qr-none').first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('badge: the count in #FFB84D, refreshed on navigation, and 99+ above 99', async () => {
    const staff = await staffSession();
    const { body: limits, status } = await apiRequest<SampleLimits>('/api/admin/settings/sample-limits', { token: staff.token });
    expect(status, JSON.stringify(limits)).toBe(200);
    const member = await registerByApi('百件样品');
    const picks = await samplePicks(100, 3);
    try {
      const raised = await apiRequest('/api/admin/settings/sample-limits', {
        method: 'PUT',
        token: staff.token,
        json: { ...limits, maxCartItems: Math.max(limits.maxCartItems, 120) },
      });
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);

      const { page, pageErrors } = await browser.newPage(desktop);
      await signIn(page, member);
      for (const pick of picks.slice(0, 3)) await addByApi(member, pick);
      await gotoHydrated(page, paths.home);
      await cartLink(page)
        .and(page.getByRole('link', { name: '样品车，3 件' }))
        .waitFor();
      await expect(badgeLook(badge(page))).resolves.toEqual({ color: badgeColor, text: '3' });
      // The header's cart icon shows the same count, in the same colour.
      const headerCart = page.locator('header').getByRole('link', { name: '样品车，3 件' });
      await headerCart.waitFor();
      await expect(badgeLook(headerCart.locator('.count-badge'))).resolves.toEqual({ color: badgeColor, text: '3' });
      const plain = await apiRequest<string>('/api/app/sample/sample-cart-num', { token: member.token });
      expect(plain.body).toBe('3');

      // More items, added elsewhere: the next route change asks again.
      await addByApi(member, picks[3]!);
      await page.locator('header').getByRole('link', { name: '关于我们', exact: true }).first().click();
      await waitForHeading(page, '关于我们');
      await openPanel(page);
      await panel(page).getByRole('link', { name: '样品车，4 件' }).waitFor();

      for (const pick of picks.slice(4)) await addByApi(member, pick);
      await gotoHydrated(page, paths.about);
      await panel(page).getByRole('link', { name: '样品车，99+ 件' }).waitFor();
      await expect(badgeLook(badge(page))).resolves.toEqual({ color: badgeColor, text: '99+' });
      await page.locator('header').getByRole('link', { name: '样品车，99+ 件' }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      const restored = await apiRequest('/api/admin/settings/sample-limits', { method: 'PUT', token: staff.token, json: limits });
      expect(restored.status).toBe(200);
    }
  });

  test('add to cart from a product page while signed out: /login, then back to the product with the pick kept', async () => {
    const member = await registerByApi('先登录');
    const [pick] = await samplePicks(1);
    const { page, console: messages, pageErrors } = await browser.newPage(desktop);
    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: pick!.id }));
    await waitForHeading(page, pick!.nameZh);
    const pack = page.getByRole('button', { name: `${pick!.spec.grade} ${pick!.spec.packSize}`, exact: true });
    await pack.click();
    await expect(pack.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('spinbutton', { name: '样品数量' }).fill('2');
    await page.getByRole('button', { name: /加入样品车/ }).click();
    await page.waitForURL((u) => u.pathname === paths.login);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(withQuery(paths.excipientDetail, { id: pick!.id, spec: pick!.spec.id, qty: 2 }));
    await fillLogin(page, member.account);
    await page.waitForURL((u) => u.pathname === paths.excipientDetail);
    await waitForHeading(page, pick!.nameZh);
    await expect(pack.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByRole('spinbutton', { name: '样品数量' }).inputValue()).resolves.toBe('2');
    await page.getByRole('button', { name: /加入样品车/ }).click();
    await page.locator('.sample-picker__outcome', { hasText: `已将 ${pick!.nameZh}` }).waitFor();
    await expectCollapsed(page); // the click on the page collapsed the panel
    await openPanel(page);
    await panel(page).getByRole('link', { name: '样品车，1 件' }).waitFor();

    // Again: the row's quantity grows (merged), the count stays.
    await page.getByRole('button', { name: /加入样品车/ }).click();
    await page.locator('.sample-picker__outcome', { hasText: '数量增加到 4 件' }).waitFor();
    await page.locator('.sample-picker__choice', { hasText: '样品车中已有 4 件' }).waitFor();
    // Beyond the limit: the check refuses, and says why; nothing changes.
    await page.getByRole('spinbutton', { name: '样品数量' }).fill('10');
    await page.getByRole('button', { name: /加入样品车/ }).click();
    await page.locator('.sample-picker__outcome.notice--warning', { hasText: '每种样品最多申请 10 件' }).waitFor();
    const list = await apiRequest<{ items: Array<{ specId: number; quantity: number }> }>('/api/app/sample/sample-cart-list', {
      token: member.token,
    });
    expect(list.body.items).toEqual([expect.objectContaining({ specId: pick!.spec.id, quantity: 4 })]);
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('two products from their pages → badge 2 → cart: quantity, remove, select → form → submitted, with its number', async () => {
    const member = await registerByApi('样品车用户');
    const [first, second, third] = await samplePicks(3);
    const { page, console: messages, pageErrors } = await browser.newPage(desktop);
    await signIn(page, member);

    for (const pick of [first!, second!]) {
      await gotoHydrated(page, withQuery(paths.excipientDetail, { id: pick.id }));
      await page.getByRole('button', { name: `${pick.spec.grade} ${pick.spec.packSize}`, exact: true }).click();
      await page.getByRole('button', { name: /加入样品车/ }).click();
      await page.locator('.sample-picker__outcome', { hasText: pick.nameZh }).waitFor();
    }
    await openPanel(page);
    await panel(page).getByRole('link', { name: '样品车，2 件' }).waitFor();
    await addByApi(member, third!, 1); // a third, to be removed in the cart

    await cartLink(page).click();
    await page.waitForURL((u) => u.pathname === paths.sampleCart);
    await waitForHeading(page, '样品车');
    const row = (pick: SamplePick) => page.locator('.cart-table tr', { hasText: pick.nameZh }).filter({ hasText: pick.spec.packSize });
    await row(third!).waitFor();
    await page.getByText('已选 3 种，共 3 件').waitFor();
    await page.getByText(/样品车最多 \d+ 种样品/).waitFor();

    // Quantity: + on the first product saves 2.
    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/app/sample/sample-cart/'));
    await row(first!)
      .getByRole('button', { name: `增加${first!.nameZh} ${first!.spec.grade} ${first!.spec.packSize} 的数量` })
      .click();
    expect((await saved).status()).toBe(200);
    await page.getByText('已选 3 种，共 4 件').waitFor();

    // Remove the third, with a confirmation; the badge follows.
    await row(third!)
      .getByRole('button', { name: `移除 ${third!.nameZh} ${third!.spec.grade} ${third!.spec.packSize}` })
      .click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /移\s*除/ })
      .click();
    await row(third!).waitFor({ state: 'detached' });
    await page.getByText('已选 2 种，共 3 件').waitFor();
    await openPanel(page);
    await panel(page).getByRole('link', { name: '样品车，2 件' }).waitFor();

    // Select: none, then both.
    // The boxes show the cart's list: a click changes a box a moment later, when the change is applied.
    const selectAll = page.getByRole('checkbox', { name: '全选' });
    await selectAll.click();
    await page.getByText('已选 0 种，共 0 件').waitFor();
    await expect.poll(() => selectAll.isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: '申请样品' }).isDisabled()).toBe(true);
    for (const [index, pick] of [first!, second!].entries()) {
      const box = page.getByRole('checkbox', { name: `选择 ${pick.nameZh} ${pick.spec.grade} ${pick.spec.packSize}` });
      await box.click();
      await page.getByText(`已选 ${index + 1} 种`).waitFor();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await page.getByText('已选 2 种，共 3 件').waitFor();
    await page.getByRole('button', { name: '申请样品' }).click();

    // The form: the items, then what the user fills in.
    await page.waitForURL((u) => u.pathname === paths.formConfirm && (u.searchParams.get('ids') ?? '').split(',').length === 2);
    await waitForHeading(page, '确认样品申请');
    await page.locator('.confirm-items').getByText(first!.nameZh).waitFor();
    await page.getByText('2 种，共 3 件').waitFor();
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.getByText('请输入单位名称').waitFor(); // zh_CN validation, nothing sent
    await page.getByText('请选择申请用途').waitFor();
    await page.getByLabel('联系人', { exact: true }).fill('赵工');
    await page.getByLabel('手机号码', { exact: true }).fill('13800138000');
    await page.getByLabel('电子邮箱', { exact: true }).fill('zhao@');
    await page.getByText('请输入正确的邮箱地址').waitFor();
    await page.getByLabel('电子邮箱', { exact: true }).fill('zhao@example.com');
    await page.getByLabel('单位名称', { exact: true }).fill('上海某某药业有限公司');
    await choose(page, '单位类型', '制药企业');
    await page.getByLabel('部门', { exact: true }).fill('制剂研发部');
    await choose(page, '申请用途', '处方开发');
    await choose(page, '剂型', '片剂');
    await choose(page, '研发阶段', '小试');
    await page.getByLabel('项目名称', { exact: true }).fill('缓释片处方开发');
    // No address book yet: a new address, with the contact's name and mobile already in it.
    await expect(page.getByLabel('收货人', { exact: true }).inputValue()).resolves.toBe('赵工');
    await page.getByLabel('所在地区').click();
    await chooseRegion(page, ['上海市', '市辖区', '浦东新区']);
    await page.getByLabel('详细地址').fill('张江路 88 号 3 号楼');
    expect(await page.getByRole('checkbox', { name: '保存到地址簿' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: '备注' }).fill('请在工作日送达');
    await page.getByRole('button', { name: /提交申请/ }).click();

    // Submitted: the number, the items, what happens next; the cart is empty.
    await page.waitForURL((u) => u.pathname === paths.formSuccess && !!u.searchParams.get('id'));
    await waitForHeading(page, '样品申请已提交');
    const number = (await page.locator('.success-head__number').textContent())?.trim();
    expect(number).toMatch(/^YP\d+/);
    await page.getByText('1–2 个工作日').first().waitFor();
    await page.locator('.confirm-items').getByText(second!.nameZh).waitFor();
    const id = new URL(page.url()).searchParams.get('id') ?? undefined;
    expect(await page.getByRole('link', { name: '查看申请单' }).getAttribute('href')).toBe(withQuery(paths.applicationOrder, { id }));
    expect(await page.getByRole('link', { name: '我的申请' }).first().getAttribute('href')).toBe(paths.applications);
    await openPanel(page);
    await cartLink(page)
      .and(page.getByRole('link', { name: '样品车', exact: true }))
      .waitFor();
    const cart = await apiRequest<{ items: unknown[] }>('/api/app/sample/sample-cart-list', { token: member.token });
    expect(cart.body.items).toEqual([]);
    const book = await apiRequest<{ items: Array<{ street: string }> }>('/api/app/address', { token: member.token });
    expect(book.body.items.map((a) => a.street)).toEqual(['张江路 88 号 3 号楼']);

    // A reload shows the same page (read from the API).
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.locator('.success-head__number').textContent()).resolves.toBe(number);
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('the form says what stops an application: no ids, items gone from the cart, too many applications awaiting review', async () => {
    const member = await registerByApi('待审核太多');
    const [pick, other] = await samplePicks(2);
    const { page, console: messages, pageErrors } = await browser.newPage(desktop);
    await signIn(page, member);

    await gotoHydrated(page, paths.formConfirm);
    await page.getByText('没有选择要申请的样品').waitFor();
    await page.getByRole('link', { name: '返回样品车' }).waitFor();

    await addByApi(member, pick!, 2);
    const { body: cart } = await apiRequest<{ items: Array<{ id: number }> }>('/api/app/sample/sample-cart-list', {
      token: member.token,
    });
    const id = cart.items[0]!.id;
    await gotoHydrated(page, `/formconfirm?ids=${id},999999`);
    await page.locator('.confirm-problems', { hasText: '有 1 件样品已不在样品车中' }).waitFor();
    await page.locator('.confirm-problems').getByRole('link', { name: '返回样品车修改' }).waitFor();
    // What is still in the cart can be applied for.
    await page.locator('.confirm-items').getByText(pick!.nameZh).waitFor();
    expect(await page.getByRole('button', { name: /提交申请/ }).isEnabled()).toBe(true);

    // Five applications already wait for review (the default limit): the server refuses the sixth, in Chinese.
    for (let i = 0; i < 5; i += 1) {
      const { status, body } = await apiRequest('/api/app/sample/or-update', {
        method: 'POST',
        token: member.token,
        json: {
          contactName: '钱工',
          mobile: '13912345678',
          email: 'qian@example.com',
          company: '南京某某药业有限公司',
          companyType: 'pharma',
          purpose: 'formulation_development',
          dosageForm: 'tablet',
          stage: 'pilot',
          address: { recipient: '钱工', mobile: '13912345678', regionCodes: ['32', '3201', '320104'], street: '中山南路 1 号' },
          items: [{ excipientId: other!.id, specId: other!.spec.id, quantity: 1 }],
        },
      });
      expect(status, JSON.stringify(body)).toBe(201);
    }
    await gotoHydrated(page, withQuery(paths.formConfirm, { ids: id }));
    await page.locator('.confirm-items').getByText(pick!.nameZh).waitFor();
    await page.getByLabel('联系人', { exact: true }).fill('钱工');
    await page.getByLabel('手机号码', { exact: true }).fill('13912345678');
    await page.getByLabel('电子邮箱', { exact: true }).fill('qian@example.com');
    await page.getByLabel('单位名称', { exact: true }).fill('南京某某药业有限公司');
    await choose(page, '单位类型', 'CRO');
    await choose(page, '申请用途', '质量研究');
    await choose(page, '剂型', '注射剂');
    await choose(page, '研发阶段', '临床研究');
    await page.getByLabel('所在地区').click();
    await chooseRegion(page, ['江苏省', '南京市', '秦淮区']);
    await page.getByLabel('详细地址').fill('中山南路 1 号');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.getByRole('alert').filter({ hasText: '您有 5 份申请正在审核中，请等待审核后再提交' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.formConfirm);
    // Nothing left the cart.
    const after = await apiRequest<{ items: unknown[] }>('/api/app/sample/sample-cart-list', { token: member.token });
    expect(after.body.items).toHaveLength(1);
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('an old /samplecart?add= link adds nothing and leads back to the product', async () => {
    const member = await registerByApi('旧链接');
    const [pick] = await samplePicks(1);
    const { page, pageErrors } = await browser.newPage(desktop);
    await signIn(page, member);
    await gotoHydrated(page, withQuery(paths.sampleCart, { add: pick!.id, spec: pick!.spec.id }));
    await page.getByText('样品现在在产品页直接加入样品车。').waitFor();
    await page.getByText('样品车还是空的').waitFor();
    await page.getByRole('link', { name: '回到产品页' }).click();
    await waitForHeading(page, pick!.nameZh);
    await expect(
      page.getByRole('button', { name: `${pick!.spec.grade} ${pick!.spec.packSize}`, exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    expect(pageErrors).toEqual([]);
  });
});

describe('side panel and sample cart: screenshots', () => {
  const browser = useBrowser();

  test.each([
    ['desktop', desktop],
    ['mobile', phone],
  ] as const)('product page with the panel, /samplecart, /formconfirm, /formsuccess at %s width', async (name, options) => {
    const width = options.viewport!.width;
    const member = await registerByApi('截图用户');
    const picks = await samplePicks(3);
    const { page, pageErrors } = await browser.newPage(options);
    await signIn(page, member);
    for (const [index, pick] of picks.entries()) await addByApi(member, pick, index + 1);
    // A saved address, so that the form shows the address book.
    await apiRequest('/api/app/address', {
      method: 'POST',
      token: member.token,
      json: {
        recipient: '截图用户',
        mobile: '13912345678',
        regionCodes: ['33', '3301', '330106'],
        street: '文三路 90 号 东部软件园 3 号楼',
        isDefault: true,
      },
    });

    await gotoHydrated(page, withQuery(paths.excipientDetail, { id: picks[0]!.id }));
    await page.locator('header').getByRole('link', { name: '样品车，3 件' }).waitFor();
    expect(await page.evaluate(horizontalOverflow), 'product page').toBe(0);
    // On a phone the panel is its handle in the page's margin (it covers nothing) until it is tapped.
    if (name === 'mobile') {
      await saveScreenshot(page, `sample-product-handle-${width}`);
      await openPanel(page);
    }
    await panel(page).getByRole('link', { name: '样品车，3 件' }).waitFor();
    await saveScreenshot(page, `sample-product-panel-${width}`);
    await page.getByRole('button', { name: `${picks[0]!.spec.grade} ${picks[0]!.spec.packSize}`, exact: true }).click();
    await page.locator('.sample-picker__bar').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const button = document.querySelector('.sample-picker__add');
      return !!button && !(button as HTMLButtonElement).disabled && getComputedStyle(button).backgroundColor === 'rgb(11, 106, 168)';
    });
    await saveScreenshot(page, `sample-product-specs-${width}`);
    if (name === 'desktop') {
      await openPanel(page);
      await panel(page).getByRole('button', { name: '联系客服' }).hover();
      await page.locator('.side-panel__popup').getByText('客服热线').waitFor();
      await page.waitForFunction(() => {
        const popup = document.querySelector('.side-panel__popup');
        return !!popup && getComputedStyle(popup).opacity === '1' && !/zoom|fade/.test(popup.className);
      });
      await saveScreenshot(page, `sample-panel-service-${width}`);
    }

    await gotoHydrated(page, paths.sampleCart);
    await page.getByText('已选 3 种，共 6 件').waitFor();
    expect(await page.evaluate(horizontalOverflow), '/samplecart').toBe(0);
    await saveScreenshot(page, `sample-cart-${width}`, true);

    await page.getByRole('button', { name: '申请样品' }).click();
    await page.waitForURL((u) => u.pathname === paths.formConfirm);
    await page.locator('.address-option', { hasText: '文三路 90 号' }).waitFor();
    expect(await page.evaluate(horizontalOverflow), '/formconfirm').toBe(0);
    await saveScreenshot(page, `sample-formconfirm-${width}`, true);

    await page.getByLabel('联系人', { exact: true }).fill('截图用户');
    await page.getByLabel('手机号码', { exact: true }).fill('13912345678');
    await page.getByLabel('电子邮箱', { exact: true }).fill('shot@example.com');
    await page.getByLabel('单位名称', { exact: true }).fill('杭州某某制药有限公司');
    await choose(page, '单位类型', '制药企业');
    await choose(page, '申请用途', '处方开发');
    await choose(page, '剂型', '胶囊剂');
    await choose(page, '研发阶段', '中试');
    await page.getByRole('button', { name: /提交申请/ }).click();
    await page.waitForURL((u) => u.pathname === paths.formSuccess);
    await page.locator('.success-head__number').waitFor();
    expect(await page.evaluate(horizontalOverflow), '/formsuccess').toBe(0);
    await saveScreenshot(page, `sample-formsuccess-${width}`, true);
    expect(pageErrors).toEqual([]);
  });
});
