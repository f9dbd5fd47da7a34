import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse, NoticePage, SessionResponse } from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, insertAccount, newIp, registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { codeFor, otherThan } from '../../../test/verification.js';

/* Forgotten passwords: a code sent to the account sets a new one and ends every session. */

const NEW_PASSWORD = 'Croscarmellose-Sodium-2026';
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const login = (account: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account, password }, headers: { 'x-forwarded-for': newIp() } });
const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/app/account/reset-password', payload });
const profileStatus = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(token) })).statusCode;

describe('reset-password', () => {
  it('sets the new password and ends every session of the user', async () => {
    const member = await registerMember(t.app);
    const other = parsed(await login(member.account, GOOD_PASSWORD), SessionResponse);
    expect(await profileStatus(member.token)).toBe(200);
    expect(await profileStatus(other.token)).toBe(200);

    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'reset', newIp());
    const response = await reset({ account: member.account, code, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);

    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(other.token)).toBe(401);
    expect((await login(member.account, GOOD_PASSWORD)).statusCode).toBe(401);
    const fresh = parsed(await login(member.account, NEW_PASSWORD), SessionResponse);
    const notices = parsed(await t.app.inject({ method: 'GET', url: '/api/app/notice', headers: bearer(fresh.token) }), NoticePage);
    expect(notices.items[0]).toMatchObject({ kind: 'account', title: '密码已重置' });
    // The code is used up.
    expect((await reset({ account: member.account, code, password: 'Another-Password-2026' })).statusCode).toBe(400);
  });

  it('works for an e-mail account', async () => {
    await insertAccount(t.database, 'formulation.lab@example.com');
    const code = await codeFor(t.app, 'formulation.lab@example.com', 'reset', newIp());
    expect((await reset({ account: 'Formulation.Lab@example.com', code, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await login('formulation.lab@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the lock a stranger’s wrong guesses put on password sign-in', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 10; i++) await login(member.account, 'wrong-password-1');
    expect((await login(member.account, GOOD_PASSWORD)).statusCode).toBe(429);
    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'reset', newIp());
    expect((await reset({ account: member.account, code, password: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await login(member.account, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong code and leaves the password as it was; a common password is refused before the code is spent', async () => {
    const member = await registerMember(t.app);
    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'reset', newIp());
    const wrong = await reset({ account: member.account, code: otherThan(code), password: NEW_PASSWORD });
    expect(parsed(wrong, ErrorResponse).error).toMatchObject({ code: 'code_invalid', details: [{ path: 'body.code', message: '验证码错误，还可尝试 4 次' }] });
    const common = await reset({ account: member.account, code, password: 'password123' });
    expect(parsed(common, ErrorResponse).error.details).toContainEqual({ path: 'body.password', message: '该密码过于常见，容易被猜中，请换一个' });
    expect(await profileStatus(member.token)).toBe(200);
    expect((await login(member.account, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await reset({ account: member.account, code, password: NEW_PASSWORD })).statusCode).toBe(204);
  });
});
