import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse } from '@fuliaotong/contracts';
import { GOOD_PASSWORD, newAccount, newIp, registerMember, registrationOf } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parsed } from '../../../test/responses.js';

const MINUTE = 60_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
      loginsPerIp: { max: 25, windowMs: 15 * MINUTE },
      registrationsPerIp: { max: 3, windowMs: 60 * MINUTE },
    },
  });
});
afterAll(async () => {
  await t.close();
});

function login(account: string, password: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/app/account/login', payload: { account, password }, headers: { 'x-forwarded-for': ip } });
}

describe('throttling', () => {
  it('allows 10 failed log-ins per account in 15 minutes, then answers 429 with Retry-After, even for the right password', async () => {
    const victim = await registerMember(t.app);
    const bystander = await registerMember(t.app);
    // Spread over many addresses: the per-account limit is what stops it.
    const failures = await Promise.all(Array.from({ length: 10 }, () => login(victim.account, 'wrong-password', newIp())));
    expect(failures.map((r) => r.statusCode)).toEqual(Array(10).fill(401));

    const locked = await login(victim.account, victim.password, newIp());
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(parsed(locked, ErrorResponse).error).toMatchObject({ code: 'too_many_requests' });
    expect(parsed(locked, ErrorResponse).error.message).toMatch(/^该账号密码错误次数过多，已暂时锁定，请 1[45] 分钟后再试$/);

    // Other accounts are not affected.
    expect((await login(bystander.account, bystander.password, newIp())).statusCode).toBe(200);
  });

  it('does not let a burst of parallel guesses past the limit', async () => {
    const victim = await registerMember(t.app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(victim.account, 'wrong-password', newIp())));
    const judged = answers.filter((r) => r.statusCode === 401).length;
    expect(judged).toBeLessThanOrEqual(10);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(30 - judged);
  });

  it('successful log-ins do not count as failures', async () => {
    const member = await registerMember(t.app);
    for (let i = 0; i < 12; i++) expect((await login(member.account, member.password, newIp())).statusCode).toBe(200);
  });

  it('limits log-in attempts per client address', async () => {
    const ip = newIp();
    const answers = [];
    for (let i = 0; i < 26; i++) answers.push((await login(newAccount(), GOOD_PASSWORD, ip)).statusCode);
    expect(answers.slice(0, 25)).toEqual(Array(25).fill(401));
    expect(answers[25]).toBe(429);
    expect((await login(newAccount(), GOOD_PASSWORD, newIp())).statusCode).toBe(401);
  });

  it('limits registrations per client address', async () => {
    const ip = newIp();
    const register = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/account/register',
        payload: await registrationOf(t.app),
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(201);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(parsed(refused, ErrorResponse).error.message).toMatch(/^注册过于频繁，请 \d+ 分钟后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('40 log-ins at once from one address: no more than the limit are judged, the rest answer 429', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(newAccount(), GOOD_PASSWORD, ip)));
    const judged = answers.filter((r) => r.statusCode === 401).length;
    expect(judged).toBeLessThanOrEqual(25);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(40 - judged);
  });

  it('40 registrations at once from one address: no more than the limit are made, the rest answer 429', async () => {
    const ip = newIp();
    const bodies = await Promise.all(Array.from({ length: 40 }, () => registrationOf(t.app)));
    const answers = await Promise.all(
      bodies.map((payload) => t.app.inject({ method: 'POST', url: '/api/app/account/register', payload, headers: { 'x-forwarded-for': ip } })),
    );
    const made = answers.filter((r) => r.statusCode === 201).length;
    expect(made).toBeLessThanOrEqual(3);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(40 - made);
  });
});
