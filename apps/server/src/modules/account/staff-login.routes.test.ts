import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_TTL_SECONDS, ErrorResponse, LoginChallenge, SessionResponse, User } from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, insertAccount, newAccount, newIp } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { codeFor, lastCode, otherThan } from '../../../test/verification.js';

/* Staff sign in with two factors: the password, then a code sent to the account. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, ip = newIp()) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip } });
const login = (account: string, password = GOOD_PASSWORD, ip?: string) => post('/api/app/account/login', { account, password }, ip);
const verify = (challenge: string, code: string) => post('/api/app/account/login-verify', { challenge, code });

/** The error body of a refusal with this status. */
function refused(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return parsed(response, ErrorResponse);
}

async function staffAccount(roles: Array<'admin' | 'editor' | 'reviewer' | 'finance'> = ['reviewer']) {
  const account = newAccount();
  const id = await insertAccount(t.database, account, { roles });
  return { account, id };
}

describe('staff log-in', () => {
  it('answers a challenge and sends a code for the right password; the code and the challenge answer the session', async () => {
    const { account, id } = await staffAccount(['admin', 'editor']);
    const first = parsed(await login(account), LoginChallenge);
    expect(first).toMatchObject({ codeRequired: true, channel: 'sms', to: `${account.slice(0, 3)}****${account.slice(7)}`, expiresIn: CODE_TTL_SECONDS });
    // The challenge lives as long as the code, and is no session token.
    const claims = decodeJwt(first.challenge);
    expect(claims.exp! - claims.iat!).toBe(CODE_TTL_SECONDS);
    const asToken = await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(first.challenge) });
    expect(asToken.statusCode).toBe(401);

    const code = await lastCode(t.app, account);
    expect(code).toMatch(/^\d{6}$/);
    const session = parsed(await verify(first.challenge, code!), SessionResponse);
    expect(session.user).toMatchObject({ id, roles: ['admin', 'editor'] });
    const profile = await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(session.token) });
    expect(parsed(profile, User).roles).toEqual(['admin', 'editor']);
    // A code works once.
    expect((await verify(first.challenge, code!)).statusCode).toBe(400);
  });

  it('sends no code for a wrong password, and a member gets the session at once', async () => {
    const { account } = await staffAccount();
    const wrong = await login(account, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(await lastCode(t.app, account)).toBeUndefined();

    const member = newAccount();
    await insertAccount(t.database, member);
    parsed(await login(member), SessionResponse);
  });

  it('refuses a wrong code with the tries left, a forged or foreign challenge, and a challenge of an account no longer staff', async () => {
    const { account, id } = await staffAccount();
    const { challenge } = parsed(await login(account), LoginChallenge);
    const code = (await lastCode(t.app, account))!;
    const wrong = refused(await verify(challenge, otherThan(code)), 400);
    expect(wrong.error).toMatchObject({ code: 'code_invalid', message: '验证码错误，还可尝试 4 次' });

    // Another staff member's code does not open this account, nor a tampered challenge.
    const other = await staffAccount();
    parsed(await login(other.account), LoginChallenge);
    const otherCode = (await lastCode(t.app, other.account))!;
    expect((await verify(challenge, otherCode)).statusCode).toBe(400);
    const [header, , signature] = challenge.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(challenge), sub: String(other.id) })).toString('base64url');
    const forged = refused(await verify(`${header}.${forgedPayload}.${signature}`, otherCode), 401);
    expect(forged.error.message).toBe('登录已超时，请重新输入账号和密码');

    // The roles were taken away meanwhile: the challenge no longer signs in.
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const revoked = await t.app.inject({ method: 'PATCH', url: `/api/admin/user/${id}`, headers: admin.headers, payload: { roles: [] } });
    expect(revoked.statusCode).toBe(200);
    expect((await verify(challenge, code)).statusCode).toBe(401);
  });

  it('keeps the one-code-a-minute limit: a second log-in at once is refused with the wait', async () => {
    const { account } = await staffAccount();
    parsed(await login(account), LoginChallenge);
    const again = refused(await login(account), 429);
    expect(again.error.message).toMatch(/获取验证码过于频繁，请 \d+ 秒后再试/);
  });

  it('a stranger who spends every code send-code allows for a staff account does not keep the staff member out', async () => {
    const clock = testClock();
    const own = await createTestApp({ clock, database: t.database });
    try {
      const { account, id } = await staffAccount();
      const stranger = newIp();
      const sendCode = (purpose: string) =>
        own.app.inject({ method: 'POST', url: '/api/app/account/send-code', payload: { account, purpose }, headers: { 'x-forwarded-for': stranger } });
      // 11 minutes apart, under every captcha threshold: the account's daily 10 are spent.
      for (let i = 0; i < 10; i++) {
        expect((await sendCode('reset')).statusCode).toBe(200);
        clock.advance(11 * 60_000);
      }
      const spent = refused(await sendCode('reset'), 429);
      expect(spent.error.message).toMatch(/^该账号获取验证码的次数已达上限/);

      // The staff member's right password still gets the second factor's code, and signs in.
      const first = await own.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account, password: GOOD_PASSWORD }, headers: { 'x-forwarded-for': newIp() } });
      const { challenge } = parsed(first, LoginChallenge);
      const code = await lastCode(own.app, account);
      const session = await own.app.inject({ method: 'POST', url: '/api/app/account/login-verify', payload: { challenge, code }, headers: { 'x-forwarded-for': newIp() } });
      expect(parsed(session, SessionResponse).user.id).toBe(id);
      // … and the stranger's codes are still refused: the staff member's codes are a quota of their own.
      expect((await sendCode('login')).statusCode).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('refuses a staff account signing in by code alone', async () => {
    const { account } = await staffAccount();
    const code = await codeFor(t.app, account, 'login', newIp());
    const refusal = refused(await post('/api/app/account/login-by-code', { account, code }), 403);
    expect(refusal.error.message).toBe('工作人员账号请使用密码登录，并输入发到账号的验证码');
  });

  it('refuses a disabled account, with the right password only, and ends its sessions', async () => {
    const member = newAccount();
    const id = await insertAccount(t.database, member);
    const session = parsed(await login(member), SessionResponse);
    const admin = await registerStaff(t.app, t.database, ['admin']);
    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/admin/user/${id}`, headers: admin.headers, payload: { disabled: true } });
    expect(disabled.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await login(member, 'Not-The-Password-1')).statusCode).toBe(401);
    const refusal = refused(await login(member), 403);
    expect(refusal.error.message).toBe('该账号已被停用，如有疑问请联系客服');

    await t.app.inject({ method: 'PATCH', url: `/api/admin/user/${id}`, headers: admin.headers, payload: { disabled: false } });
    parsed(await login(member), SessionResponse);
  });
});
