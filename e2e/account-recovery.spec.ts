import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { waitForHeading } from './support/app.js';
import { apiRequest, deleteThroughModal, fillLogin, newAccount, password, registerByApi, signIn, staffSession, storedSession, type Session } from './support/accounts.js';
import { gotoHydrated, hydrationProblem, saveScreenshot, useBrowser } from './support/browser.js';
import { desktopOnOwnNetwork, phoneOnOwnNetwork, requestFromOwnAddress } from './support/http.js';
import { codesSentTo, nextCodeTo } from './support/messages.js';
import { applyByApi, twoProducts } from './support/samples.js';
import { paths, withQuery } from '@fuliaotong/contracts';

/*
 * Verification codes, consent and recovery: registering with an SMS code and consent, 忘记密码 for a
 * mobile and an e-mail account, signing in by code while password sign-in is locked, and deleting the
 * account. Codes are read from the server's log, as its message driver writes them. Each page stands
 * for a client network of its own (X-Forwarded-For), so that the per-address limits of one journey do
 * not meet another's.
 */

const desktop = desktopOnOwnNetwork;
const phone = phoneOnOwnNetwork;

/** auth pages have no site header: hydration is seen on the brand link of their own header. */
const AUTH_HYDRATED = '.auth-page__brand';
const NEW_PASSWORD = 'Sodium-Starch-Glycolate-2026';

/** How far the page is wider than the viewport (0 = no sideways scrolling). */
const horizontalOverflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

/** antd puts a space between the two characters of a two-character button label (登 录). */
const label = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

async function profileStatus(session: Pick<Session, 'token'>): Promise<number> {
  return (await apiRequest('/api/app/account/profile', { token: session.token })).status;
}

/** 忘记密码 from /login to signing in with the new password. */
async function resetThroughPages(page: Page, account: string) {
  await gotoHydrated(page, paths.login, AUTH_HYDRATED);
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await page.waitForURL((u) => u.pathname === paths.forgotPassword);
  await waitForHeading(page, '找回密码');
  expect(await page.title()).toBe('找回密码 - 辅料通');

  const seen = (await codesSentTo(account)).length;
  await page.getByLabel('账号').fill(account.toUpperCase());
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText('验证码已发送至').first().waitFor();
  const code = await nextCodeTo(account, seen);

  // A wrong code first: the server's message under the field, the password unchanged.
  await page.getByLabel('验证码', { exact: true }).fill(code === '000000' ? '000001' : '000000');
  await page.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '重置密码' }).click();
  await page.getByText('验证码错误，还可尝试 4 次').waitFor();

  await page.getByLabel('验证码', { exact: true }).fill(code);
  await page.getByRole('button', { name: '重置密码' }).click();
  await page.getByText('密码已重置').waitFor();
  await page.getByRole('link', { name: '去登录' }).click();
  await page.waitForURL((u) => u.pathname === paths.login);
  await fillLogin(page, account, NEW_PASSWORD);
  await page.waitForURL((u) => u.pathname === paths.account);
  await waitForHeading(page, '个人中心');
}

/**
 * Members for the journeys that ask for a code: accounts no code was sent to yet (one code a minute
 * per account, whatever its purpose; e2e/support/global-setup.ts), signed in with their password.
 */
const members: Record<'reset' | 'codeLogin', Session> = {} as never;

beforeAll(async () => {
  const [reset, codeLogin] = await Promise.all(
    inject('quietMembers').map(async ({ account, password: memberPassword }) => {
      const { status, body } = await apiRequest<Pick<Session, 'token' | 'user'>>('/api/app/account/login', {
        method: 'POST',
        json: { account, password: memberPassword },
      });
      expect(status).toBe(200);
      return { account, password: memberPassword, ...body };
    }),
  );
  Object.assign(members, { reset, codeLogin });
});

describe('verification, consent and recovery', () => {
  const browser = useBrowser();

  test('register with an SMS code and consent to the agreement and the privacy policy', async () => {
    const { page, pageErrors, console: messages } = await browser.newPage(desktop());
    const account = newAccount();
    await gotoHydrated(page, paths.register, AUTH_HYDRATED);
    expect(await page.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(paths.agreement);
    expect(await page.getByRole('link', { name: '《隐私政策》' }).getAttribute('href')).toBe(paths.privacy);

    // No code without a valid number.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('请输入手机号', { exact: true }).waitFor();
    await page.getByLabel('手机号').fill(account);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重发$/ }).waitFor();
    await page.getByText(`验证码已发送至 ${account.slice(0, 3)}****${account.slice(7)}`).first().waitFor();
    const code = await nextCodeTo(account);

    await page.getByLabel('短信验证码').fill(code);
    await page.getByLabel('昵称（选填）').fill('注册验证');
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    // Consent is required.
    await page.getByRole('button', { name: label('注册') }).click();
    await page.getByText('请阅读并同意《用户协议》和《隐私政策》').waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.register);

    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: label('注册') }).click();
    await page.waitForURL((u) => u.pathname === paths.account);
    await waitForHeading(page, '个人中心');
    expect(await storedSession(page)).toMatchObject({ user: { account, nickName: '注册验证' } });

    // The number is taken now, but a wrong code does not tell: only its holder, with the right code, learns it.
    const again = await requestFromOwnAddress('/api/app/account/register', {
      json: { account, code: '123456', password, agree: true },
    });
    expect(again.status).toBe(400);
    expect(messages.filter((m) => hydrationProblem.test(m.text))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('忘记密码 for a mobile account: code, new password, every old session ends, sign in', async () => {
    const member = members.reset;
    expect(await profileStatus(member)).toBe(200);
    const { page, pageErrors } = await browser.newPage(desktop());
    await resetThroughPages(page, member.account);
    // The session from before the reset no longer works; the old password neither.
    expect(await profileStatus(member)).toBe(401);
    const old = await requestFromOwnAddress('/api/app/account/login', { json: { account: member.account, password: member.password } });
    expect(old.status).toBe(401);
    expect(pageErrors).toEqual([]);
  });

  test('忘记密码 for an e-mail account: the code comes by e-mail', async () => {
    const account = inject('emailAccount');
    const { page, pageErrors } = await browser.newPage(phone());
    await resetThroughPages(page, account);
    expect(await page.evaluate(horizontalOverflow)).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  test('sign in by code while password sign-in is locked by a stranger’s wrong guesses', async () => {
    const member = members.codeLogin;
    for (let i = 0; i < 10; i++) {
      const guess = await requestFromOwnAddress('/api/app/account/login', { json: { account: member.account, password: `wrong-guess-${i}` } });
      expect(guess.status).toBe(401);
    }
    const { page, pageErrors } = await browser.newPage(desktop());
    await gotoHydrated(page, paths.login, AUTH_HYDRATED);
    await fillLogin(page, member.account);
    await page.getByRole('alert').getByText(/该账号密码错误次数过多，已暂时锁定/).waitFor();

    await page.getByRole('tab', { name: '验证码登录' }).click();
    const seen = (await codesSentTo(member.account)).length;
    await page.getByLabel('账号').fill(member.account);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码', { exact: true }).fill(await nextCodeTo(member.account, seen));
    await page.getByRole('button', { name: label('登录') }).click();
    await page.waitForURL((u) => u.pathname === paths.account);
    await waitForHeading(page, '个人中心');
    expect(await storedSession(page)).toMatchObject({ user: { id: member.user.id } });
    expect(pageErrors).toEqual([]);
  });

  test('delete the account: refused while an application is open, then the personal data is gone and the staff desk keeps the application', async () => {
    const member = await registerByApi('注销用户');
    await apiRequest('/api/app/account/profile', { method: 'PUT', token: member.token, json: { name: '赵注销' } });
    const address = await apiRequest('/api/app/address', {
      method: 'POST',
      token: member.token,
      json: { recipient: '赵注销', mobile: '13912345678', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' },
    });
    expect(address.status).toBe(201);
    // An application shipped to an address the deletion must mask.
    const [product] = await twoProducts();
    const application = await applyByApi(member, product, { contactName: '赵注销' });
    // And an order not paid yet: the second thing the deletion names.
    const order = await apiRequest<{ id: number; number: string }>('/api/app/order', { method: 'POST', token: member.token, json: { planId: 4 } });
    expect(order.status).toBe(201);
    const { id: orderId, number: orderNumber } = order.body;
    const staff = await staffSession();

    const { page, pageErrors } = await browser.newPage(desktop());
    await signIn(page, member, paths.about);
    await gotoHydrated(page, paths.account);
    await waitForHeading(page, '个人中心');
    await deleteThroughModal(page);
    await page.getByRole('alert').getByText(/您有 1 份样品申请尚未完成/).waitFor();
    await saveScreenshot(page, 'recovery-delete-refused-1280');
    await page.getByRole('button', { name: label('取消') }).click();

    // The staff finish the application: now the account can go.
    for (const [action, json] of [['approve', { note: '' }], ['ship', { carrier: '顺丰速运', trackingNumber: 'SF1234567890123' }], ['deliver', {}]] as const) {
      const done = await apiRequest(`/api/admin/application/${application.id}/${action}`, { method: 'POST', token: staff.token, json });
      expect(done.status, action).toBe(200);
    }
    // The unpaid order is next; cancelled, it no longer stands in the way.
    await page.setViewportSize({ width: 375, height: 812 });
    await deleteThroughModal(page);
    await page.getByRole('alert').getByText(`请先完成或取消未支付的订单 ${orderNumber}，再注销账号。`).waitFor();
    await saveScreenshot(page, 'recovery-delete-refused-order-375');
    await page.getByRole('button', { name: label('取消') }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await apiRequest(`/api/app/order/${orderId}/cancel`, { method: 'POST', token: member.token })).status).toBe(200);
    await deleteThroughModal(page);
    await page.waitForURL((u) => u.pathname === paths.home);
    await page.getByText('账号已注销').waitFor();
    await expect(storedSession(page)).resolves.toEqual({ token: null, user: null });

    // Nothing personal is left to sign in with or to read.
    expect(await profileStatus(member)).toBe(401);
    await gotoHydrated(page, paths.login, AUTH_HYDRATED);
    await fillLogin(page, member.account);
    await page.getByRole('alert').getByText('账号或密码错误').waitFor();

    // The staff desk still has the application, its applicant deleted and the contact details masked.
    const { page: desk } = await browser.newPage(desktop());
    await signIn(desk, staff);
    await gotoHydrated(desk, withQuery(paths.adminApplications, { id: application.id }), '.admin-bar a');
    const sheet = desk.locator(`.app-sheet[data-application-id="${application.id}"]`);
    await sheet.getByText(application.number).waitFor();
    await sheet.getByText('已注销用户', { exact: true }).first().waitFor();
    await sheet.getByText('赵**').first().waitFor();
    await sheet.getByText('139****5678').first().waitFor();
    const text = (await sheet.textContent()) ?? '';
    expect(text).not.toContain('赵注销');
    expect(text).not.toContain('13912345678');
    expect(text).not.toContain('星湖街');
    expect(text).toContain('苏州某某药业有限公司');
    expect(text).toContain('SF1234567890123');
    expect(pageErrors).toEqual([]);
  });

  test.each([
    ['desktop', desktop, 1280],
    ['mobile', phone, 375],
  ] as const)('screenshots: /register, 忘记密码, /agreement, /privacy (%s)', async (_name, options, width) => {
    const { page, pageErrors } = await browser.newPage(options());
    for (const [path, heading, hydrated] of [
      [paths.register, '注册', AUTH_HYDRATED],
      [paths.forgotPassword, '找回密码', AUTH_HYDRATED],
      [paths.agreement, '用户协议', undefined],
      [paths.privacy, '隐私政策', undefined],
    ] as const) {
      await gotoHydrated(page, path, hydrated);
      await waitForHeading(page, heading);
      expect(await page.evaluate(horizontalOverflow), `${path} at ${width}`).toBe(0);
      await saveScreenshot(page, `recovery-${path.slice(1)}-${width}`, true);
    }
    // The second step of 忘记密码. The number is nobody's: the page goes on all the same (no answer tells).
    await gotoHydrated(page, paths.forgotPassword, AUTH_HYDRATED);
    await page.getByLabel('账号').fill(newAccount());
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('新密码', { exact: true }).waitFor();
    await saveScreenshot(page, `recovery-forgot-password-step2-${width}`, true);
    expect(await page.evaluate(horizontalOverflow)).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
