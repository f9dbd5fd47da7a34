import { randomBytes } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AccountSummary, ErrorResponse, POLICY_VERSION, SessionResponse, User } from '@fuliaotong/contracts';
import { users } from './account.schema.js';
import { bearer, GOOD_PASSWORD, insertAccount, multipart, newAccount, newIp, registerMember, registrationOf } from '../../../test/accounts.js';
import { PNG } from '../../../test/fixture-files.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { otherThan } from '../../../test/verification.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from './token.service.js';
import { parsed } from '../../../test/responses.js';

const jwtSecret = randomBytes(32);
/** Codes to one account are a minute apart: tests that ask twice move the clock. */
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret, clock });
});
afterAll(async () => {
  await t.close();
});

const url = (path: string) => `/api/app/account${path}`;

async function profileStatus(token: string) {
  return (await t.app.inject({ method: 'GET', url: url('/profile'), headers: bearer(token) })).statusCode;
}

async function login(account: string, password: string, ip = newIp()) {
  return t.app.inject({
    method: 'POST',
    url: url('/login'),
    payload: { account, password },
    headers: { 'x-forwarded-for': ip },
  });
}

describe('register', () => {
  it('creates the account and answers 201 with a signed token and the public user only', async () => {
    const account = newAccount();
    const response = await t.app.inject({
      method: 'POST',
      url: url('/register'),
      headers: { 'x-forwarded-for': newIp() },
      payload: { ...(await registrationOf(t.app, account)), nickName: '小林' },
    });
    expect(response.statusCode).toBe(201);
    const body = parsed(response, SessionResponse);
    expect(Object.keys(body.user).sort()).toEqual(['account', 'avatar', 'id', 'name', 'nickName', 'notifyBySmsAndEmail', 'roles', 'sex']);
    expect(body.user).toMatchObject({ account, nickName: '小林', name: '', sex: 'unknown', avatar: null, roles: [] });
    expect(response.body).not.toMatch(/argon2|password|tokenVersion/i);

    expect(decodeProtectedHeader(body.token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ sub: String(body.user.id), iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, ver: 0 });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
    expect(await profileStatus(body.token)).toBe(200);
  });

  it('records the consent and the version of the agreement and privacy policy agreed to', async () => {
    const { user } = await registerMember(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.consentVersion).toBe(POLICY_VERSION);
    expect(row!.consentedAt).toEqual(clock.now());
  });

  it('refuses an e-mail address: new accounts are mobile numbers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url('/register'),
      headers: { 'x-forwarded-for': newIp() },
      payload: { account: 'chen.formulation@example.com', code: '123456', password: GOOD_PASSWORD, agree: true },
    });
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error.details).toContainEqual({ path: 'body.account', message: '请输入 11 位手机号码' });
  });

  it('an e-mail account made before keeps signing in with its password, its address case-insensitively', async () => {
    await insertAccount(t.database, 'chen.formulation@example.com');
    const response = await login('Chen.Formulation@Example.COM', GOOD_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(parsed(response, SessionResponse).user.account).toBe('chen.formulation@example.com');
  });

  it('refuses a registered mobile number with 409, after its code was checked', async () => {
    const { account } = await registerMember(t.app);
    clock.advance(61_000);
    const registration = await registrationOf(t.app, account);
    const wrong = await t.app.inject({
      method: 'POST',
      url: url('/register'),
      headers: { 'x-forwarded-for': newIp() },
      payload: { ...registration, code: otherThan(registration.code) },
    });
    expect(parsed(wrong, ErrorResponse).error.code).toBe('code_invalid');
    clock.advance(61_000);
    const response = await t.app.inject({
      method: 'POST',
      url: url('/register'),
      headers: { 'x-forwarded-for': newIp() },
      payload: await registrationOf(t.app, account),
    });
    expect(response.statusCode).toBe(409);
    expect(parsed(response, ErrorResponse).error).toMatchObject({ code: 'conflict', message: '该手机号已注册，请直接登录；忘记密码可通过“忘记密码”找回' });
  });

  it.each([
    [{ account: '2391234567', code: '123456', password: GOOD_PASSWORD, agree: true }, 'body.account', '请输入 11 位手机号码'],
    [{ account: '12345', code: '123456', password: GOOD_PASSWORD, agree: true }, 'body.account', '请输入 11 位手机号码'],
    [{ account: newAccount(), code: '12345', password: GOOD_PASSWORD, agree: true }, 'body.code', '请输入 6 位数字验证码'],
    [{ account: newAccount(), code: '123456', password: GOOD_PASSWORD, agree: false }, 'body.agree', '请阅读并同意《用户协议》和《隐私政策》'],
    [{ account: newAccount(), code: '123456', password: GOOD_PASSWORD }, 'body.agree', '请阅读并同意《用户协议》和《隐私政策》'],
    [{ account: newAccount(), code: '123456', password: 'short1', agree: true }, 'body.password', '密码至少 8 位'],
    [{ account: newAccount(), code: '123456', password: 'x'.repeat(129), agree: true }, 'body.password', '密码最多 128 位'],
    [{ account: newAccount(), code: '123456', password: 'password123', agree: true }, 'body.password', '该密码过于常见，容易被猜中，请换一个'],
    [{ account: newAccount(), code: '123456', password: 'woaini1314', agree: true }, 'body.password', '该密码过于常见，容易被猜中，请换一个'],
  ])('answers 400 with a Chinese message for %j', async (payload, path, message) => {
    const response = await t.app.inject({ method: 'POST', url: url('/register'), headers: { 'x-forwarded-for': newIp() }, payload });
    expect(response.statusCode).toBe(400);
    const error = parsed(response, ErrorResponse).error;
    expect(error.details).toContainEqual({ path, message });
  });

  it('does not impose composition rules: a long passphrase of lower-case words is fine', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url('/register'),
      headers: { 'x-forwarded-for': newIp() },
      payload: await registrationOf(t.app, newAccount(), 'lactose monohydrate tablets'),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('login and logout', () => {
  it('answers a new session for the right password', async () => {
    const member = await registerMember(t.app);
    const response = await login(member.account, member.password);
    expect(response.statusCode).toBe(200);
    const body = parsed(response, SessionResponse);
    expect(body.user.id).toBe(member.user.id);
    expect(body.token).not.toBe(member.token);
  });

  it('answers 401 with one message whether the account or the password is wrong', async () => {
    const member = await registerMember(t.app);
    const wrongPassword = await login(member.account, 'not-the-password');
    const unknownAccount = await login(newAccount(), GOOD_PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownAccount.statusCode).toBe(401);
    expect(parsed(wrongPassword, ErrorResponse).error.message).toBe('账号或密码错误');
    expect(parsed(unknownAccount, ErrorResponse).error.message).toBe('账号或密码错误');
  });

  it('logout ends that token at once, and only that one', async () => {
    const member = await registerMember(t.app);
    const other = parsed(await login(member.account, member.password), SessionResponse);
    const response = await t.app.inject({ method: 'POST', url: url('/logout'), headers: bearer(member.token) });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('logout-all ends every session of the user, not other users’', async () => {
    const member = await registerMember(t.app);
    const stranger = await registerMember(t.app);
    const second = parsed(await login(member.account, member.password), SessionResponse);
    const response = await t.app.inject({ method: 'POST', url: url('/logout-all'), headers: bearer(second.token) });
    expect(response.statusCode).toBe(204);
    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(second.token)).toBe(401);
    expect(await profileStatus(stranger.token)).toBe(200);
    // Logging in again works and gives a token of the new version.
    const fresh = parsed(await login(member.account, member.password), SessionResponse);
    expect(decodeJwt(fresh.token).ver).toBe(1);
    expect(await profileStatus(fresh.token)).toBe(200);
  });
});

describe('tokens that are not good', () => {
  let member: Awaited<ReturnType<typeof registerMember>>;
  beforeAll(async () => {
    member = await registerMember(t.app);
  });

  function forge(overrides: { exp?: number; aud?: string; iss?: string; secret?: Uint8Array; alg?: string }) {
    const claims = decodeJwt(member.token);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: claims.sid, ver: claims.ver })
      .setProtectedHeader({ alg: overrides.alg ?? 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuer(overrides.iss ?? TOKEN_ISSUER)
      .setAudience(overrides.aud ?? TOKEN_AUDIENCE)
      .setIssuedAt(now - 3600)
      .setExpirationTime(overrides.exp ?? now + 3600)
      .sign(overrides.secret ?? jwtSecret);
  }

  it('accepts a token forged with the right key and claims (so the cases below fail for their one reason)', async () => {
    expect(await profileStatus(await forge({}))).toBe(200);
  });

  it('refuses an expired token', async () => {
    expect(await profileStatus(await forge({ exp: Math.floor(Date.now() / 1000) - 10 }))).toBe(401);
  });

  it('refuses a wrong audience or issuer', async () => {
    expect(await profileStatus(await forge({ aud: 'someone-else' }))).toBe(401);
    expect(await profileStatus(await forge({ iss: 'someone-else' }))).toBe(401);
  });

  it('refuses a token signed with another key or another algorithm', async () => {
    expect(await profileStatus(await forge({ secret: randomBytes(32) }))).toBe(401);
    expect(await profileStatus(await forge({ alg: 'HS512', secret: randomBytes(64) }))).toBe(401);
  });

  it('refuses a tampered payload and alg "none"', async () => {
    const [header, payload, signature] = member.token.split('.');
    const claims = decodeJwt(member.token);
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect(await profileStatus(`${header}.${tampered}.${signature}`)).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await profileStatus(`${none}.${payload}.`)).toBe(401);
    expect(await profileStatus('garbage')).toBe(401);
    expect(await profileStatus(member.token)).toBe(200);
  });

  it('says in Chinese why: not signed in, or signed in no more', async () => {
    const none = await t.app.inject({ method: 'GET', url: url('/profile') });
    expect(parsed(none, ErrorResponse).error).toMatchObject({ code: 'unauthorized', message: '请先登录' });
    const bad = await t.app.inject({ method: 'GET', url: url('/profile'), headers: bearer('a.b.c') });
    expect(parsed(bad, ErrorResponse).error).toMatchObject({ code: 'unauthorized', message: '登录已失效，请重新登录' });
  });
});

describe('profile', () => {
  it('reads and updates name, sex and nick name', async () => {
    const member = await registerMember(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: url('/profile'),
      headers: bearer(member.token),
      payload: { name: '林晓', sex: 'female', nickName: '制剂小林' },
    });
    expect(response.statusCode).toBe(200);
    expect(parsed(response, User)).toMatchObject({ name: '林晓', sex: 'female', nickName: '制剂小林' });
    const read = await t.app.inject({ method: 'GET', url: url('/profile'), headers: bearer(member.token) });
    expect(parsed(read, User)).toMatchObject({ name: '林晓', sex: 'female', nickName: '制剂小林', account: member.account });
  });

  it('refuses an unknown sex, an over-long name and an avatar that is not an upload of the user', async () => {
    const member = await registerMember(t.app);
    for (const payload of [{ sex: 'other' }, { name: '名'.repeat(31) }, { avatar: 'https://evil.example/x.png' }]) {
      const response = await t.app.inject({ method: 'PUT', url: url('/profile'), headers: bearer(member.token), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const foreign = await t.app.inject({
      method: 'PUT',
      url: url('/profile'),
      headers: bearer(member.token),
      payload: { avatar: '/api/app/account/avatar/00000000-0000-0000-0000-000000000000.png' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(parsed(foreign, ErrorResponse).error.message).toBe('头像请通过上传接口设置');
  });
});

describe('avatar upload', () => {
  it('stores a PNG under a server-generated name and serves it with a safe content type', async () => {
    const member = await registerMember(t.app);
    const { payload, headers } = multipart(PNG, '../../etc/passwd.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: url('/avatar'),
      payload,
      headers: { ...headers, ...bearer(member.token) },
    });
    expect(response.statusCode).toBe(200);
    const user = parsed(response, User);
    expect(user.avatar).toMatch(/^\/api\/app\/account\/avatar\/[0-9a-f-]{36}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: user.avatar! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // A second upload replaces the first, which is gone.
    const second = await t.app.inject({
      method: 'POST',
      url: url('/avatar'),
      ...(() => {
        const m = multipart(PNG, 'a.png', 'image/png');
        return { payload: m.payload, headers: { ...m.headers, ...bearer(member.token) } };
      })(),
    });
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: user.avatar! })).statusCode).toBe(404);
    // The profile may point back at its own current upload.
    const keep = await t.app.inject({
      method: 'PUT',
      url: url('/profile'),
      headers: bearer(member.token),
      payload: { avatar: parsed(second, User).avatar },
    });
    expect(keep.statusCode).toBe(200);
  });

  it('judges the content by its bytes: HTML named .png is refused with 415', async () => {
    const member = await registerMember(t.app);
    const { payload, headers } = multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png');
    const response = await t.app.inject({ method: 'POST', url: url('/avatar'), payload, headers: { ...headers, ...bearer(member.token) } });
    expect(response.statusCode).toBe(415);
    expect(parsed(response, ErrorResponse).error.message).toBe('头像只支持 PNG、JPEG 或 WebP 格式的图片');
  });

  it('refuses a file over 2 MB with 413', async () => {
    const member = await registerMember(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const { payload, headers } = multipart(big, 'big.png', 'image/png');
    const response = await t.app.inject({ method: 'POST', url: url('/avatar'), payload, headers: { ...headers, ...bearer(member.token) } });
    expect(response.statusCode).toBe(413);
    expect(parsed(response, ErrorResponse).error.message).toBe('文件过大，图片不能超过 2 MB');
  });

  it('answers 401 without a token and 415 for a JSON body', async () => {
    const { payload, headers } = multipart(PNG, 'a.png', 'image/png');
    expect((await t.app.inject({ method: 'POST', url: url('/avatar'), payload, headers })).statusCode).toBe(401);
    const member = await registerMember(t.app);
    const json = await t.app.inject({ method: 'POST', url: url('/avatar'), payload: { file: 'x' }, headers: bearer(member.token) });
    expect(json.statusCode).toBe(415);
  });
});

describe('change password', () => {
  it('checks the old password, ends every other session and answers a new token', async () => {
    const member = await registerMember(t.app);
    const other = parsed(await login(member.account, member.password), SessionResponse);
    const wrong = await t.app.inject({
      method: 'POST',
      url: url('/change-password'),
      headers: bearer(member.token),
      payload: { oldPassword: 'not-it-at-all', newPassword: 'Hypromellose-K100M' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(parsed(wrong, ErrorResponse).error.message).toBe('原密码不正确');
    expect(await profileStatus(other.token)).toBe(200);

    const response = await t.app.inject({
      method: 'POST',
      url: url('/change-password'),
      headers: bearer(member.token),
      payload: { oldPassword: member.password, newPassword: 'Hypromellose-K100M' },
    });
    expect(response.statusCode).toBe(200);
    const fresh = parsed(response, SessionResponse);
    expect(await profileStatus(fresh.token)).toBe(200);
    expect(await profileStatus(member.token)).toBe(401);
    expect(await profileStatus(other.token)).toBe(401);
    expect((await login(member.account, member.password)).statusCode).toBe(401);
    expect((await login(member.account, 'Hypromellose-K100M')).statusCode).toBe(200);
  });
});

describe('summary', () => {
  it('counts unread notices (the welcome notice); a new member has no applications or favorites', async () => {
    const member = await registerMember(t.app);
    const response = await t.app.inject({ method: 'GET', url: url('/summary'), headers: bearer(member.token) });
    expect(response.statusCode).toBe(200);
    expect(parsed(response, AccountSummary)).toEqual({ applications: 0, favorites: 0, unreadNotices: 1 });
  });
});
