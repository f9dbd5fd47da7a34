import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember } from '../../../test/accounts.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { SessionCache } from './session-cache.js';

describe('session cache', () => {
  const clock = testClock();
  const genuine = (value: string) => async () => ({ value, keepUntil: new Date(clock.now().getTime() + 3_600_000) });

  it('keeps what a genuine token stands for, for its TTL and never past the token\'s expiry', async () => {
    const cache = new SessionCache<string>(1000, clock.now);
    expect(await cache.lookup('a', genuine('first'))).toBe('first');
    clock.advance(999);
    expect(await cache.lookup('a', genuine('second'))).toBe('first');
    clock.advance(1);
    expect(await cache.lookup('a', genuine('third'))).toBe('third');

    expect(await cache.lookup('b', async () => ({ value: 'expiring', keepUntil: new Date(clock.now().getTime() + 200) }))).toBe('expiring');
    clock.advance(200);
    expect(await cache.lookup('b', genuine('read again'))).toBe('read again');
  });

  it('keeps nothing for a token that is not genuine', async () => {
    const cache = new SessionCache<string | null>(1000, clock.now);
    expect(await cache.lookup('forged', async () => ({ value: null }))).toBeNull();
    expect(await cache.lookup('forged', async () => ({ value: 'read again' }))).toBe('read again');
  });

  it('forgets everything on clear(), and does not keep a read that began before it', async () => {
    const cache = new SessionCache<string>(1000, clock.now);
    await cache.lookup('a', genuine('before'));
    cache.clear();
    expect(await cache.lookup('a', genuine('after'))).toBe('after');

    let finish!: () => void;
    const slow = cache.lookup('c', async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return { value: 'read before the change', keepUntil: new Date(clock.now().getTime() + 3_600_000) };
    });
    await Promise.resolve();
    cache.clear(); // a change commits while the read is under way
    finish();
    expect(await slow).toBe('read before the change');
    expect(await cache.lookup('c', genuine('read after the change'))).toBe('read after the change');
  });

  it('holds at most maxEntries tokens', async () => {
    const cache = new SessionCache<string>(1000, clock.now, 2);
    await cache.lookup('a', genuine('a'));
    await cache.lookup('b', genuine('b'));
    await cache.lookup('c', genuine('c')); // full: starts again
    expect(await cache.lookup('a', genuine('a again'))).toBe('a again');
  });
});

describe('a server with the session cache', () => {
  const clock = testClock();
  let here: TestApp;
  let elsewhere: TestApp;
  beforeAll(async () => {
    const jwtSecret = randomBytes(32);
    here = await createTestApp({ jwtSecret, sessionCacheMs: 1000, clock });
    // Another process on the same database, with the same key.
    elsewhere = await createTestApp({ jwtSecret, sessionCacheMs: 1000, clock, database: here.database });
  });
  afterAll(async () => {
    await elsewhere.close();
    await here.close();
  });

  const cartCount = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/app/sample/sample-cart-num', headers: bearer(token) });

  it('refuses a logged-out token at once where it was logged out, and within its TTL elsewhere', async () => {
    const { token } = await registerMember(here.app);
    expect((await cartCount(here, token)).statusCode).toBe(200);
    expect((await cartCount(elsewhere, token)).statusCode).toBe(200);

    const logout = await here.app.inject({ method: 'POST', url: '/api/app/account/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    expect((await cartCount(here, token)).statusCode).toBe(401);

    // The other process still has it (that is the cache), for at most a second.
    expect((await cartCount(elsewhere, token)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await cartCount(elsewhere, token)).statusCode).toBe(401);
  });

  it('sees at once a change made here to the signed-in user (logging out every device)', async () => {
    const member = await registerMember(here.app);
    const other = await here.app.inject({
      method: 'POST',
      url: '/api/app/account/login',
      payload: { account: member.account, password: member.password },
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(other.statusCode, other.body).toBe(200);
    const second = other.json<{ token: string }>().token;
    expect((await cartCount(here, second)).statusCode).toBe(200);
    const all = await here.app.inject({ method: 'POST', url: '/api/app/account/logout-all', headers: bearer(member.token) });
    expect(all.statusCode).toBe(204);
    expect((await cartCount(here, second)).statusCode).toBe(401);
  });
});
