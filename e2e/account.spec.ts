import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { chooseRegion, waitForHeading } from './support/app.js';
import { apiRequest, fillLogin, newAccount, password, registerByApi, signIn, storedSession, storeSession } from './support/accounts.js';
import { gotoHydrated, hydrationProblem, saveScreenshot, useBrowser, waitForHydration } from './support/browser.js';
import { get, ownAddress } from './support/http.js';
import { nextCodeTo } from './support/messages.js';
import { paths } from '@fuliaotong/contracts';
import { PNG } from '../apps/server/test/fixture-files.js';

/** The login form's page, with the redirect it carries. */
async function expectOnLogin(page: Page, redirect?: string) {
  // The address first (a commit, not the load event: a slow asset must not hold it), then the form itself.
  await page.waitForURL((u) => u.pathname === paths.login, { waitUntil: 'commit' });
  expect(new URL(page.url()).searchParams.get('redirect') ?? undefined).toBe(redirect);
  await waitForHeading(page, '登录');
}

/** Header of the site: the logged-in user's menu button, or the 登录 link. */
const userMenu = (page: Page) => page.locator('header .site-header__user');
const headerLogin = (page: Page) => page.locator('header').getByRole('link', { name: '登录', exact: true });

async function pickRegion(page: Page, names: [string, string, string]) {
  await page.locator('.ant-modal .ant-cascader').click();
  await chooseRegion(page, names);
}

async function addAddress(page: Page, address: { recipient: string; mobile: string; region: [string, string, string]; street: string }) {
  await page.getByRole('button', { name: '新增收货地址' }).first().click();
  const modal = page.locator('.ant-modal');
  await modal.getByText('新增收货地址').waitFor();
  await modal.getByLabel('收货人').fill(address.recipient);
  await modal.getByLabel('手机号码').fill(address.mobile);
  await pickRegion(page, address.region);
  await modal.getByLabel('详细地址').fill(address.street);
  await modal.getByRole('button', { name: /保\s*存/ }).click();
  await modal.waitFor({ state: 'hidden' });
  await page.locator('.address-card', { hasText: address.recipient }).waitFor();
}

const card = (page: Page, recipient: string) => page.locator('.address-card', { hasText: recipient });

describe('accounts: register, profile, addresses, guards', () => {
  const browser = useBrowser();

  test('register → /account → edit profile → two addresses, switch default → log out → /account/apply needs login → back there', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': ownAddress() },
    });
    const account = newAccount();

    // Register: a mobile number, the code sent to it, a password, consent.
    await gotoHydrated(page, paths.register);
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('请输入手机号', { exact: true }).waitFor(); // zh_CN validation, nothing sent
    await page.getByLabel('手机号').fill('12345');
    await page.getByLabel('昵称（选填）').fill('辅料研究员');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(`${password}x`);
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('请输入 11 位手机号码').waitFor();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByLabel('手机号').fill(account);
    await page.getByLabel('确认密码').fill(password);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('短信验证码').fill(await nextCodeTo(account));
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: /注\s*册/ }).click();

    // Lands on the account home, logged in.
    await page.waitForURL((u) => u.pathname === paths.account);
    await waitForHeading(page, '个人中心');
    await page.locator('.profile-card__name', { hasText: '辅料研究员' }).waitFor();
    await expect(userMenu(page).textContent()).resolves.toContain('辅料研究员');
    const session = await storedSession(page);
    expect(session).toMatchObject({ user: { account, nickName: '辅料研究员' } });
    expect(session).toHaveProperty('token', expect.stringMatching(/^[^.]*\.[^.]*\.[^.]*$/)); // a JWT: three parts

    // Edit the profile.
    await page.getByRole('button', { name: '编辑资料' }).click();
    const profileModal = page.locator('.ant-modal');
    await profileModal.getByLabel('昵称').fill('王工');
    await profileModal.getByLabel('姓名').fill('王晓明');
    await profileModal.getByRole('radio', { name: '女' }).check();
    await page.locator('.profile-card').getByText('已开启').waitFor();
    await profileModal.getByRole('switch', { name: '短信与邮件通知' }).click();
    await profileModal.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('资料已保存').waitFor();
    await page.locator('.profile-card').getByText('已关闭').waitFor();
    await page.locator('.profile-card__name', { hasText: '王工' }).waitFor();
    await page.locator('.profile-card').getByText('王晓明').waitFor();
    await page.locator('.profile-card').getByText('女', { exact: true }).waitFor();
    await userMenu(page).getByText('王工').waitFor();

    // A new avatar: chosen with the picker behind the avatar, checked (a PDF is refused), uploaded, shown.
    const avatarPicker = page.locator('.profile-card input[type="file"]');
    await avatarPicker.setInputFiles({ name: '简历.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('头像只支持 PNG、JPG 或 WebP 图片').waitFor();
    await avatarPicker.setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('头像已更新').waitFor();
    await page.locator('.profile-card img.user-avatar--image').waitFor();

    // Two addresses; the first becomes the default, then the second.
    await page.getByRole('navigation', { name: '账号导航' }).getByRole('link', { name: '收货地址' }).click();
    await waitForHeading(page, '收货地址');
    await page.getByText('还没有收货地址').waitFor();
    await addAddress(page, { recipient: '王晓明', mobile: '13912345678', region: ['浙江省', '杭州市', '西湖区'], street: '文三路 90 号 东部软件园 3 号楼' });
    await expect(card(page, '王晓明').locator('.address-card__tag').textContent()).resolves.toBe('默认');
    await expect(card(page, '王晓明').locator('.address-card__region').textContent()).resolves.toBe('浙江省 杭州市 西湖区');
    await addAddress(page, { recipient: '李研', mobile: '13698765432', region: ['上海市', '市辖区', '浦东新区'], street: '张江路 88 号' });
    expect(await card(page, '李研').locator('.address-card__tag').count()).toBe(0);
    // The picker's 市辖区 is a grouping, not a place: the address names the city and the district.
    await expect(card(page, '李研').locator('.address-card__region').textContent()).resolves.toBe('上海市 浦东新区');

    await card(page, '李研').getByRole('button', { name: '设为默认' }).click();
    await card(page, '李研').locator('.address-card__tag').waitFor();
    await card(page, '王晓明').locator('.address-card__tag').waitFor({ state: 'detached' });
    await expect(page.locator('.address-card__tag').count()).resolves.toBe(1);
    await expect(page.locator('.address-card').first().textContent()).resolves.toContain('李研');

    // Log out from the header: the open account page gives way to /login.
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expectOnLogin(page, paths.addresses);
    await expect(storedSession(page)).resolves.toEqual({
      token: null,
      user: null,
    });

    // A guarded page: the server renders a neutral loading state, the browser sends the user to /login.
    const raw = await (await get(paths.applications)).text();
    expect(raw).toContain('page-loading');
    expect(raw).not.toContain('该栏目即将上线');
    await gotoHydrated(page, paths.applications, 'main');
    await expectOnLogin(page, paths.applications);

    // Log in and come back to where the user was going.
    await page.getByLabel('密码', { exact: true }).fill('wrong-password-1');
    await page.getByLabel('账号').fill(account);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.login);
    await fillLogin(page, account);
    await page.waitForURL((u) => u.pathname === paths.applications);
    await waitForHeading(page, '我的申请');
    await userMenu(page).getByText('王工').waitFor();

    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('logging out in one tab logs out a second open tab', async () => {
    const member = await registerByApi('双标签用户');
    const { page: first, context, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(first, member, paths.home);
    await gotoHydrated(first, paths.home);
    await userMenu(first).getByText('双标签用户').waitFor();

    const second = await context.newPage();
    await gotoHydrated(second, paths.account);
    await waitForHeading(second, '个人中心');
    await userMenu(second).getByText('双标签用户').waitFor();

    await userMenu(first).click();
    await first.getByRole('menuitem', { name: '退出登录' }).click();
    await headerLogin(first).waitFor();

    // The other tab follows: logged-out header, and its account page is replaced by /login.
    await expectOnLogin(second, paths.account);
    await gotoHydrated(second, paths.home);
    await headerLogin(second).waitFor();
    expect(await userMenu(second).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('an expired token in storage is dropped on load', async () => {
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const b64 = (value: string) => Buffer.from(value).toString('base64url');
    const expired = `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 }))}.c2ln`;
    const user = { id: 1, account: '13900000000', name: '', sex: 'unknown', avatar: null, nickName: '过期用户', roles: [] };
    await signIn(page, { token: expired, user }, paths.home);

    await gotoHydrated(page, paths.home);
    await headerLogin(page).waitFor();
    expect(await page.getByText('过期用户').count()).toBe(0);
    await expect(storedSession(page)).resolves.toEqual({
      token: null,
      user: null,
    });
    // And a guarded page goes to /login instead of trusting it.
    await storeSession(page, { token: expired, user });
    await gotoHydrated(page, paths.favorites, 'main');
    await expectOnLogin(page, paths.favorites);
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('the signed-in guard: the specification’s 9 account pages go to /login before rendering; the address manager and notices render', async () => {
    const guarded = [
      paths.account,
      paths.accountIndex,
      paths.payment,
      paths.applications,
      paths.applicationOrder,
      paths.invoices,
      paths.databaseOrders,
      paths.upgrade,
      paths.favorites,
    ];
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of guarded) {
      // The server cannot see the token: it renders the guard's loading state, never the page.
      const raw = await (await get(path)).text();
      expect(raw, path).toContain('page-loading');
      expect(raw, path).not.toContain('page-heading__title');
      await page.goto(`${path}?from=guard`);
      await expectOnLogin(page, `${path}?from=guard`);
    }
    for (const [path, heading] of [
      [paths.addresses, '收货地址'],
      [paths.notices, '消息通知'],
    ] as const) {
      const raw = await (await get(path)).text();
      expect(raw, path).toContain(`<h1 class="page-heading__title">${heading}</h1>`);
      expect(raw, path).not.toContain('page-loading');
    }
    expect(pageErrors).toEqual([]);
  });

  test('the address manager and notices are not guarded, but their data calls send the visitor to /login', async () => {
    const { page, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const raw = await (await get(paths.addresses)).text();
    expect(raw).toContain('<h1 class="page-heading__title">收货地址</h1>');
    await page.goto(paths.addresses);
    await expectOnLogin(page, paths.addresses);
    await page.goto(paths.notices);
    await expectOnLogin(page, paths.notices);
    expect(pageErrors).toEqual([]);
  });

  test('a logged-in full page load of /account hydrates without mismatches', async () => {
    const member = await registerByApi('刷新用户');
    const { page, console: messages, pageErrors } = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, member, paths.home);
    for (const path of [paths.account, paths.addresses, paths.notices, paths.home]) {
      await gotoHydrated(page, path);
      await waitForHydration(page, 'header .site-header__user');
    }
    await gotoHydrated(page, paths.notices);
    await page.getByText('欢迎加入辅料通').waitFor();
    expect(messages.filter((m) => hydrationProblem.test(m.text) || m.type === 'error')).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('accounts: screenshots', () => {
  const browser = useBrowser();

  /** How far the page is wider than the viewport (0 = no sideways scrolling). */
  const horizontalOverflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

  test.each([
    ['desktop', 1280, 900],
    ['mobile', 375, 812],
  ])('/login, /register, /account, /account/addressmanager at %s width', async (name, width, height) => {
    const member = await registerByApi('截图用户');
    const mobile = width < 600;
    const { page, pageErrors } = await browser.newPage({
      viewport: { width, height },
      deviceScaleFactor: mobile ? 2 : 1,
      isMobile: mobile,
      hasTouch: mobile,
    });

    for (const path of [paths.login, paths.register]) {
      await gotoHydrated(page, path);
      expect(await page.evaluate(horizontalOverflow), path).toBe(0);
      await saveScreenshot(page, `account${path.replaceAll('/', '-')}-${width}`, true);
    }

    await storeSession(page, member);
    // Two addresses through the API, one of them with a long street, to see how cards wrap.
    for (const body of [
      { recipient: '截图用户', mobile: '13912345678', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号 东部软件园 3 号楼 5 层 辅料通研发中心收发室', isDefault: true },
      { recipient: '欧阳采购', mobile: '13698765432', regionCodes: ['31', '3101', '310115'], street: '张江路 88 号' },
    ]) {
      const created = await apiRequest('/api/app/address', { method: 'POST', token: member.token, json: body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }

    await gotoHydrated(page, paths.account);
    await page.locator('.profile-card__name', { hasText: '截图用户' }).waitFor();
    await page.locator('.counts__value', { hasText: '0' }).first().waitFor();
    expect(await page.evaluate(horizontalOverflow), '/account').toBe(0);
    await saveScreenshot(page, `account-account-${width}`, true);

    await gotoHydrated(page, paths.addresses);
    await page.locator('.address-card').nth(1).waitFor();
    expect(await page.evaluate(horizontalOverflow), '/account/addressmanager').toBe(0);
    await saveScreenshot(page, `account-account-addressmanager-${width}`, true);

    await page.getByRole('button', { name: '新增收货地址' }).first().click();
    await page.locator('.ant-modal .ant-cascader').click();
    await page.locator('.ant-cascader-menu-item[title="广东省"]').click();
    await page.locator('.ant-cascader-menu-item[title="广州市"]').click();
    await saveScreenshot(page, `account-address-form-${width}`);
    expect(pageErrors).toEqual([]);
  });
});
