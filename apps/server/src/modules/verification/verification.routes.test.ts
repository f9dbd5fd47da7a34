import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Captcha, ErrorResponse, SendCodeResponse, SessionResponse } from '@fuliaotong/contracts';
import { captchas, verificationCodes } from './verification.schema.js';
import { GOOD_PASSWORD, insertAccount, newAccount, newIp, registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { codeFor, lastCode, otherThan, recordingCaptchas, sendCode } from '../../../test/verification.js';

/*
 * Verification codes: what is sent where, how long and how often a code works, how it is stored,
 * the sending limits, the captcha that comes first when an account or an address asks for many,
 * and answers that never tell whether an account exists.
 */

const MINUTE = 60_000;
const clock = testClock();
const captchaTexts = recordingCaptchas();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, verification: { makeCaptcha: captchaTexts.makeCaptcha } });
});
afterAll(async () => {
  await t.close();
});

type SendLimits = NonNullable<NonNullable<Parameters<typeof createTestApp>[0]>['verification']>['limits'];

/** A server of the enclosing describe's own, with these send-code limits, and its clock. */
function serverWithLimits(limits: SendLimits) {
  const ownClock = testClock();
  let own: TestApp | undefined;
  beforeAll(async () => {
    own = await createTestApp({ clock: ownClock, verification: { limits } });
  });
  afterAll(async () => {
    await own?.close();
  });
  return {
    clock: ownClock,
    get app() {
      if (!own) throw new Error('the server starts in beforeAll');
      return own.app;
    },
  };
}

const loginByCode = (account: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/app/account/login-by-code', payload: { account, code }, headers: { 'x-forwarded-for': newIp() } });

const captcha = async (ip: string, app = t.app) =>
  parsed(await app.inject({ method: 'POST', url: '/api/app/account/captcha', headers: { 'x-forwarded-for': ip } }), Captcha);

/** The error of an answer, without its request id (which differs every time). */
const errorOf = (response: Awaited<ReturnType<typeof sendCode>>) => {
  const { requestId: _requestId, ...error } = parsed(response, ErrorResponse).error;
  return { status: response.statusCode, ...error };
};

describe('sending', () => {
  it('sends a 6-digit code by SMS to a mobile number and names the channel and the masked number only', async () => {
    const account = newAccount();
    const response = await sendCode(t.app, { account, purpose: 'register' }, newIp());
    expect(response.statusCode).toBe(200);
    expect(parsed(response, SendCodeResponse)).toEqual({
      channel: 'sms',
      to: `${account.slice(0, 3)}****${account.slice(7)}`,
      expiresIn: 300,
      resendIn: 60,
    });
    expect(await lastCode(t.app, account)).toMatch(/^\d{6}$/);
    expect(response.body).not.toContain(await lastCode(t.app, account));
  });

  it('sends by e-mail to an e-mail account (lower-cased), and refuses an e-mail address for registering', async () => {
    await insertAccount(t.database, 'qa.lab@example.com');
    const response = await sendCode(t.app, { account: 'QA.Lab@Example.com', purpose: 'reset' }, newIp());
    expect(parsed(response, SendCodeResponse)).toMatchObject({ channel: 'email', to: 'q***@example.com' });
    expect(await lastCode(t.app, 'qa.lab@example.com')).toMatch(/^\d{6}$/);

    const register = await sendCode(t.app, { account: 'new.user@example.com', purpose: 'register' }, newIp());
    expect(register.statusCode).toBe(400);
    expect(parsed(register, ErrorResponse).error.details).toContainEqual({ path: 'body.account', message: '注册请使用 11 位手机号码' });
    expect(await lastCode(t.app, 'new.user@example.com')).toBeUndefined();
  });

  it('stores the code as a keyed hash: neither the code nor a plain hash of it is in the database', async () => {
    const account = newAccount();
    const code = await codeFor(t.app, account, 'register', newIp());
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.account, account));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const plain of [code, `register:${account}:${code}`, `register\u0000${account}\u0000${code}`]) expect(row.codeHash).not.toBe(sha(plain));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * MINUTE);
  });
});

describe('checking', () => {
  async function memberWithCode(purpose: 'login' | 'reset' = 'login') {
    const account = newAccount();
    await insertAccount(t.database, account);
    clock.advance(61_000);
    return { account, code: await codeFor(t.app, account, purpose, newIp()) };
  }

  it('a code works for 5 minutes', async () => {
    const fresh = await memberWithCode();
    clock.advance(5 * MINUTE - 1000);
    expect((await loginByCode(fresh.account, fresh.code)).statusCode).toBe(200);

    const stale = await memberWithCode();
    clock.advance(5 * MINUTE + 1000);
    const response = await loginByCode(stale.account, stale.code);
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error).toMatchObject({
      code: 'code_invalid',
      details: [{ path: 'body.code', message: '验证码已失效，请重新获取' }],
    });
  });

  it('allows 5 tries in all: after 4 wrong entries the right one works, after 5 it does not', async () => {
    const four = await memberWithCode();
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) messages.push(parsed(await loginByCode(four.account, otherThan(four.code)), ErrorResponse).error.message);
    expect(messages).toEqual(['验证码错误，还可尝试 4 次', '验证码错误，还可尝试 3 次', '验证码错误，还可尝试 2 次', '验证码错误，还可尝试 1 次']);
    expect((await loginByCode(four.account, four.code)).statusCode).toBe(200);

    const five = await memberWithCode();
    for (let i = 0; i < 4; i++) await loginByCode(five.account, otherThan(five.code));
    expect(parsed(await loginByCode(five.account, otherThan(five.code)), ErrorResponse).error.message).toBe('验证码错误次数过多，请重新获取');
    expect(parsed(await loginByCode(five.account, five.code), ErrorResponse).error.message).toBe('验证码已失效，请重新获取');
  });

  it('parallel guesses get no more than 5 tries', async () => {
    const { account, code } = await memberWithCode();
    const answers = await Promise.all(Array.from({ length: 20 }, () => loginByCode(account, otherThan(code))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(400));
    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.account, account));
    expect(row!.attempts).toBe(5);
    expect((await loginByCode(account, code)).statusCode).toBe(400);
  });

  it('is used up by its first use, and only the latest code sent counts', async () => {
    const { account, code } = await memberWithCode();
    expect((await loginByCode(account, code)).statusCode).toBe(200);
    expect((await loginByCode(account, code)).statusCode).toBe(400);

    clock.advance(61_000);
    const first = await codeFor(t.app, account, 'login', newIp());
    clock.advance(61_000);
    const second = await codeFor(t.app, account, 'login', newIp());
    if (first !== second) expect((await loginByCode(account, first)).statusCode).toBe(400);
    expect((await loginByCode(account, second)).statusCode).toBe(200);
  });

  it('works only for the purpose it was sent for', async () => {
    const { account, code } = await memberWithCode('reset');
    expect((await loginByCode(account, code)).statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/reset-password',
      payload: { account, code, password: 'Microcrystalline-Cellulose-102' },
    });
    expect(reset.statusCode).toBe(204);
  });
});

describe('sending limits', () => {
  it('one code a minute per account, whatever the purpose and the address, with Retry-After', async () => {
    const account = newAccount();
    await codeFor(t.app, account, 'register', newIp());
    clock.advance(30_000);
    const again = await sendCode(t.app, { account, purpose: 'login' }, newIp());
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(30);
    expect(parsed(again, ErrorResponse).error.message).toBe('获取验证码过于频繁，请 30 秒后再试');
    clock.advance(31_000);
    expect((await sendCode(t.app, { account, purpose: 'register' }, newIp())).statusCode).toBe(200);
  });

  it('a burst of 40 parallel requests for one account sends one code; the others wait their minute', async () => {
    const account = newAccount();
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(t.app, { account, purpose: 'register' }, newIp())));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refusals = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${parsed(a, ErrorResponse).error.code}`);
    expect(new Set(refusals)).toEqual(new Set(['429 too_many_requests']));
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.account, account));
    expect(rows).toHaveLength(1);
  });

  it('10 codes a day per account', async () => {
    const account = newAccount();
    // 11 minutes apart: never more than one in the captcha's 10-minute window.
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(t.app, { account, purpose: 'register' }, newIp())).statusCode).toBe(200);
      clock.advance(11 * MINUTE);
    }
    const refused = await sendCode(t.app, { account, purpose: 'register' }, newIp());
    expect(refused.statusCode).toBe(429);
    expect(parsed(refused, ErrorResponse).error.message).toMatch(/^该账号获取验证码的次数已达上限，请 \d+ 小时后再试$/);
    expect(Number(refused.headers['retry-after'])).toBe(24 * 3600 - 110 * 60);
    clock.advance(24 * 3600_000 - 110 * MINUTE);
    expect((await sendCode(t.app, { account, purpose: 'register' }, newIp())).statusCode).toBe(200);
  });

  it('holds across server instances: the limits are counted in the database', async () => {
    const second = await createTestApp({ database: t.database, clock });
    try {
      const account = newAccount();
      await codeFor(t.app, account, 'register', newIp());
      expect((await sendCode(second.app, { account, purpose: 'register' }, newIp())).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  describe('per address and for the whole site', () => {
    const small = serverWithLimits({
      perIpHour: { max: 4, windowMs: 60 * MINUTE },
      perIpDay: { max: 6, windowMs: 24 * 60 * MINUTE },
      globalDay: { max: 12, windowMs: 24 * 60 * MINUTE },
      captchaAfterPerIp: { max: 100, windowMs: 10 * MINUTE },
    });
    const smallClock = small.clock;

    it('limits the codes asked for from one address, an hour and a day', async () => {
      const ip = newIp();
      for (let i = 0; i < 4; i++) expect((await sendCode(small.app, { account: newAccount(), purpose: 'register' }, ip)).statusCode).toBe(200);
      const hour = await sendCode(small.app, { account: newAccount(), purpose: 'register' }, ip);
      expect(hour.statusCode).toBe(429);
      expect(parsed(hour, ErrorResponse).error.message).toBe('当前网络获取验证码过于频繁，请 60 分钟后再试');
      expect((await sendCode(small.app, { account: newAccount(), purpose: 'register' }, newIp())).statusCode).toBe(200);

      smallClock.advance(61 * MINUTE);
      for (let i = 0; i < 2; i++) expect((await sendCode(small.app, { account: newAccount(), purpose: 'register' }, ip)).statusCode).toBe(200);
      const day = await sendCode(small.app, { account: newAccount(), purpose: 'register' }, ip);
      expect(day.statusCode).toBe(429);
      expect(parsed(day, ErrorResponse).error.message).toMatch(/^当前网络获取验证码的次数已达上限，请 \d+ 小时后再试$/);
    });

    it('stops every code once the site has sent its daily budget', async () => {
      // 7 sent above; 5 more reach the budget of 12.
      for (let i = 0; i < 5; i++) expect((await sendCode(small.app, { account: newAccount(), purpose: 'register' }, newIp())).statusCode).toBe(200);
      const over = await sendCode(small.app, { account: newAccount(), purpose: 'register' }, newIp());
      expect(over.statusCode).toBe(429);
      expect(parsed(over, ErrorResponse).error.message).toMatch(/^验证码发送量已达今日上限，请 \d+ 小时后再试$/);
    });
  });
});

describe('captcha', () => {
  it('ordinary use never sees one: three codes to an account in 10 minutes go out without', async () => {
    const account = newAccount();
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(t.app, { account, purpose: 'register' }, newIp())).statusCode).toBe(200);
      clock.advance(61_000);
    }
  });

  it('the fourth code to an account in 10 minutes needs a captcha, which allows one try; the right answer sends the code', async () => {
    const account = newAccount();
    for (let i = 0; i < 3; i++) {
      await codeFor(t.app, account, 'register', newIp());
      clock.advance(61_000);
    }
    const ip = newIp();
    const asked = await sendCode(t.app, { account, purpose: 'register' }, ip);
    expect(errorOf(asked)).toEqual({
      status: 403,
      code: 'captcha_required',
      message: '请输入图片验证码',
      details: [{ path: 'body.captcha', message: '请输入图片验证码' }],
    });
    const sentBefore = await lastCode(t.app, account);

    const first = await captcha(ip);
    expect(first.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(first.expiresIn).toBe(300);
    const firstText = captchaTexts.lastText()!;
    const wrong = await sendCode(t.app, { account, purpose: 'register', captchaId: first.id, captcha: `${firstText}x` }, ip);
    expect(parsed(wrong, ErrorResponse).error).toMatchObject({ code: 'captcha_required', message: '图片验证码错误，请重新输入' });
    // One try: the right answer no longer helps.
    const reused = await sendCode(t.app, { account, purpose: 'register', captchaId: first.id, captcha: firstText }, ip);
    expect(parsed(reused, ErrorResponse).error).toMatchObject({ code: 'captcha_required', message: '图片验证码已失效，请换一张' });
    expect(await lastCode(t.app, account)).toBe(sentBefore);

    const second = await captcha(ip);
    const solved = await sendCode(t.app, { account, purpose: 'register', captchaId: second.id, captcha: captchaTexts.lastText()!.toUpperCase() }, ip);
    expect(solved.statusCode).toBe(200);
    expect(await lastCode(t.app, account)).toMatch(/^\d{6}$/);

    // The next one needs a captcha again (still more than 3 in 10 minutes).
    clock.advance(61_000);
    expect(parsed(await sendCode(t.app, { account, purpose: 'register' }, ip), ErrorResponse).error.code).toBe('captcha_required');
  });

  it('an address that asked for 5 codes in 10 minutes needs a captcha for the sixth, whatever the account', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await sendCode(t.app, { account: newAccount(), purpose: 'register' }, ip)).statusCode).toBe(200);
    expect(parsed(await sendCode(t.app, { account: newAccount(), purpose: 'register' }, ip), ErrorResponse).error.code).toBe('captcha_required');
    // Another address is not affected.
    expect((await sendCode(t.app, { account: newAccount(), purpose: 'register' }, newIp())).statusCode).toBe(200);
    clock.advance(10 * MINUTE + 1000);
    expect((await sendCode(t.app, { account: newAccount(), purpose: 'register' }, ip)).statusCode).toBe(200);
  });

  it('stores the answer as a keyed hash, expires after 5 minutes, and is limited per address', async () => {
    const ip = newIp();
    const image = await captcha(ip);
    const text = captchaTexts.lastText()!;
    const [row] = await t.database.db.select().from(captchas).where(eq(captchas.id, image.id));
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(text);

    const account = newAccount();
    for (let i = 0; i < 3; i++) {
      await codeFor(t.app, account, 'register', newIp());
      clock.advance(61_000);
    }
    clock.advance(5 * MINUTE);
    const late = await sendCode(t.app, { account, purpose: 'register', captchaId: image.id, captcha: text }, ip);
    expect(parsed(late, ErrorResponse).error.message).toBe('图片验证码已失效，请换一张');

    const busy = newIp();
    for (let i = 0; i < 30; i++) await captcha(busy);
    const refused = await t.app.inject({ method: 'POST', url: '/api/app/account/captcha', headers: { 'x-forwarded-for': busy } });
    expect(refused.statusCode).toBe(429);
  });
});

describe('40 requests at once (the limits are counted one request after another)', () => {
  const small = serverWithLimits({
    perIpHour: { max: 7, windowMs: 60 * MINUTE },
    globalDay: { max: 12, windowMs: 24 * 60 * MINUTE },
    captchaAfterPerIp: { max: 100, windowMs: 10 * MINUTE },
  });
  const smallClock = small.clock;

  /** How many codes went out, and the refusals of the others (status and code). */
  const sentOf = (answers: Array<Awaited<ReturnType<typeof sendCode>>>) => {
    const statuses = answers.map((a) => (a.statusCode === 200 ? '200' : `${a.statusCode} ${parsed(a, ErrorResponse).error.code}`));
    return { sent: statuses.filter((s) => s === '200').length, refusals: new Set(statuses.filter((s) => s !== '200')) };
  };

  it('the captcha threshold: of 40 codes asked for from one address, 5 go out and 35 are asked for a captcha', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(t.app, { account: newAccount(), purpose: 'register' }, ip)));
    const { sent, refusals } = sentOf(answers);
    expect(sent).toBe(5);
    expect(refusals).toEqual(new Set(['403 captcha_required']));
  });

  it('the per-address limit: of 40 asked for from one address, the hour’s 7 go out', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(small.app, { account: newAccount(), purpose: 'register' }, ip)));
    const { sent, refusals } = sentOf(answers);
    expect(sent).toBe(7);
    expect(refusals).toEqual(new Set(['429 too_many_requests']));
  });

  it('the site’s daily budget: of 40 asked for from 40 addresses, what is left of the 12 goes out', async () => {
    smallClock.advance(25 * 60 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(small.app, { account: newAccount(), purpose: 'register' }, newIp())));
    const { sent, refusals } = sentOf(answers);
    expect(sent).toBe(12);
    expect(refusals).toEqual(new Set(['429 too_many_requests']));
  });

  it('image captchas: of 40 asked for by one address, 30 are handed out', async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => t.app.inject({ method: 'POST', url: '/api/app/account/captcha', headers: { 'x-forwarded-for': ip } })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(10);
    const [row] = await t.database.db.select({ n: count() }).from(captchas).where(eq(captchas.ip, ip));
    expect(row!.n).toBe(30);
  });
});

describe('no account enumeration', () => {
  it('answers alike for an account that exists and one that does not, and sends only to the one that exists', async () => {
    const member = await registerMember(t.app);
    const stranger = newAccount();
    clock.advance(61_000);
    for (const purpose of ['reset', 'login', 'delete'] as const) {
      const [known, unknown] = [await sendCode(t.app, { account: member.account, purpose }, newIp()), await sendCode(t.app, { account: stranger, purpose }, newIp())];
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      const { to: _knownTo, ...knownBody } = parsed(known, SendCodeResponse);
      const { to: _unknownTo, ...unknownBody } = parsed(unknown, SendCodeResponse);
      expect(unknownBody).toEqual(knownBody);
      // The limits count both alike.
      expect((await sendCode(t.app, { account: member.account, purpose }, newIp())).statusCode).toBe(429);
      expect((await sendCode(t.app, { account: stranger, purpose }, newIp())).statusCode).toBe(429);
      clock.advance(11 * MINUTE);
    }
    expect(await lastCode(t.app, stranger)).toBeUndefined();
    expect(await lastCode(t.app, member.account)).toMatch(/^\d{6}$/);

    // Wrong codes for both: the same answers.
    const reset = (account: string) =>
      t.app.inject({ method: 'POST', url: '/api/app/account/reset-password', payload: { account, code: '123456', password: 'Hydroxypropyl-Methylcellulose' } });
    expect(errorOf(await reset(stranger))).toEqual(errorOf(await reset(member.account)));
    expect(errorOf(await loginByCode(stranger, '123456'))).toEqual(errorOf(await loginByCode(member.account, '123456')));
  });

  it('still sends a registration code to a registered number: only its holder learns it is taken, when registering', async () => {
    const member = await registerMember(t.app);
    clock.advance(61_000);
    const code = await codeFor(t.app, member.account, 'register', newIp());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/account/register',
      payload: { account: member.account, code, password: GOOD_PASSWORD, agree: true },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('signing in by code', () => {
  it('works while password sign-in is locked by a stranger’s wrong guesses', async () => {
    const owner = await registerMember(t.app);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account: owner.account, password }, headers: { 'x-forwarded-for': newIp() } });
    for (let i = 0; i < 10; i++) expect((await login('not-the-password')).statusCode).toBe(401);
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(429);

    clock.advance(61_000);
    const code = await codeFor(t.app, owner.account, 'login', newIp());
    const response = await loginByCode(owner.account, code);
    expect(response.statusCode).toBe(200);
    const session = parsed(response, SessionResponse);
    expect(session.user.id).toBe(owner.user.id);
    const profile = await t.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: { authorization: `Bearer ${session.token}` } });
    expect(profile.statusCode).toBe(200);
  });
});
