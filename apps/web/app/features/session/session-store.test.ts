import type { User } from '@fuliaotong/contracts';
import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import {
  applyStorageChange,
  checkToken,
  createSessionStore,
  safeStorage,
  SESSION_STORAGE_KEY,
  syncAcrossTabs,
} from './session-store';

/** localStorage of one browser profile: every tab created on it shares the same items. */
function fakeLocalStorage() {
  const items = new Map<string, string>();
  const storage: StateStorage = {
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
  };
  return { items, storage };
}

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const NOW = Date.UTC(2025, 0, 15, 8, 0, 0);
const nowSeconds = NOW / 1000;

/** An unsigned token with the given claims (the client never checks signatures). */
function tokenWith(claims: Record<string, unknown>): string {
  return `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(JSON.stringify(claims))}.${b64('signature')}`;
}

const user: User = { id: 7, account: '13800138000', name: '张伟', sex: 'male', avatar: null, nickName: '制剂小张', roles: [], notifyBySmsAndEmail: true };
const validToken = tokenWith({ sub: '7', iat: nowSeconds - 60, exp: nowSeconds + 3600 });

function newStore(storage: StateStorage, now = () => NOW) {
  return createSessionStore({ storage, now });
}

describe('checkToken (jose decodeJwt)', () => {
  const cases: Array<[string, string]> = [
    ['two parts', 'Invalid JWT'],
    ['a.b.c.d', 'Invalid JWT'],
    ['header..signature', 'JWTs must contain a payload'],
    ['header.!!!.signature', 'Failed to base64url decode the payload'],
    [`header.${b64(new Uint8Array([0xff, 0xfe, 0xfd]))}.signature`, 'Failed to parse the decoded payload as JSON'],
    [`header.${b64('{"exp":')}.signature`, 'Failed to parse the decoded payload as JSON'],
    [`header.${b64('[1,2]')}.signature`, 'Invalid JWT Claims Set'],
    [`header.${b64('"text"')}.signature`, 'Invalid JWT Claims Set'],
  ];
  it.each(cases)('%s is invalid: %s', (token, reason) => {
    expect(checkToken(token.replace('two parts', 'onlyone.two'), NOW)).toEqual({ valid: false, reason });
  });

  it('reads exp in seconds: past (or now) is expired, future is valid', () => {
    expect(checkToken(tokenWith({ exp: nowSeconds - 1 }), NOW)).toEqual({ valid: false, reason: 'expired' });
    expect(checkToken(tokenWith({ exp: nowSeconds }), NOW)).toEqual({ valid: false, reason: 'expired' });
    expect(checkToken(tokenWith({ exp: nowSeconds + 1 }), NOW)).toEqual({ valid: true, exp: nowSeconds + 1 });
  });
});

describe('session store', () => {
  it('starts logged out; login stores token and user; logout clears both (in storage too)', () => {
    const { items, storage } = fakeLocalStorage();
    const store = newStore(storage);
    expect(store.getState()).toMatchObject({ token: null, user: null });
    expect(store.getState().readToken()).toBeUndefined();

    store.getState().login(validToken, user);
    expect(store.getState()).toMatchObject({ token: validToken, user });
    expect(JSON.parse(items.get(SESSION_STORAGE_KEY)!)).toEqual({ state: { token: validToken, user }, version: 1 });
    expect(store.getState().readToken()).toBe(validToken);

    store.getState().logout();
    expect(store.getState()).toMatchObject({ token: null, user: null });
    expect((JSON.parse(items.get(SESSION_STORAGE_KEY)!) as { state: unknown }).state).toEqual({ token: null, user: null });
  });

  it('hydrates from storage when created (a reload keeps the session)', () => {
    const { storage } = fakeLocalStorage();
    newStore(storage).getState().login(validToken, user);
    const reloaded = newStore(storage);
    expect(reloaded.getState()).toMatchObject({ token: validToken, user });
    expect(reloaded.getState().readToken()).toBe(validToken);
  });

  it('treats a token without a user, or garbage, in storage as logged out', () => {
    const { items, storage } = fakeLocalStorage();
    items.set(SESSION_STORAGE_KEY, JSON.stringify({ state: { token: validToken, user: null }, version: 1 }));
    expect(newStore(storage).getState()).toMatchObject({ token: null, user: null });
    items.set(SESSION_STORAGE_KEY, '{not json');
    expect(newStore(storage).getState()).toMatchObject({ token: null, user: null });
  });

  it('setUser replaces the user only while logged in', () => {
    const { storage } = fakeLocalStorage();
    const store = newStore(storage);
    store.getState().setUser(user);
    expect(store.getState().user).toBeNull();
    store.getState().login(validToken, user);
    store.getState().setUser({ ...user, nickName: '新昵称' });
    expect(store.getState().user?.nickName).toBe('新昵称');
    expect(newStore(storage).getState().user?.nickName).toBe('新昵称');
  });

  describe('readToken clears token and user and returns nothing when the token', () => {
    const bad: Array<[string, string]> = [
      ['has two parts (Invalid JWT)', 'onlyone.two'],
      ['has no payload (JWTs must contain a payload)', 'header..signature'],
      ['has a payload that is not base64url (Failed to base64url decode the payload)', 'header.!!!.signature'],
      ['has a payload that is not JSON (Failed to parse the decoded payload as JSON)', `header.${b64('{"exp":')}.sig`],
      ['has a payload that is not an object (Invalid JWT Claims Set)', `header.${b64('42')}.sig`],
      ['has expired', tokenWith({ sub: '7', exp: nowSeconds - 5 })],
    ];
    it.each(bad)('%s', (_name, token) => {
      const { items, storage } = fakeLocalStorage();
      const store = newStore(storage);
      store.getState().login(token, user);
      expect(store.getState().readToken()).toBeUndefined();
      expect(store.getState()).toMatchObject({ token: null, user: null });
      expect((JSON.parse(items.get(SESSION_STORAGE_KEY)!) as { state: unknown }).state).toEqual({ token: null, user: null });
    });
  });

  it('drops the token once the clock passes exp', () => {
    const { storage } = fakeLocalStorage();
    let now = NOW;
    const store = newStore(storage, () => now);
    store.getState().login(tokenWith({ exp: nowSeconds + 60 }), user);
    expect(store.getState().readToken()).toBeDefined();
    now = NOW + 60_000;
    expect(store.getState().readToken()).toBeUndefined();
    expect(store.getState().user).toBeNull();
  });

  it('keeps a token without exp (the server decides)', () => {
    const { storage } = fakeLocalStorage();
    const store = newStore(storage);
    const token = tokenWith({ sub: '7' });
    store.getState().login(token, user);
    expect(store.getState().readToken()).toBe(token);
  });
});

describe('cross-tab sync', () => {
  it('login and logout in one tab apply to another tab when its storage event arrives', () => {
    const { storage } = fakeLocalStorage();
    const tabA = newStore(storage);
    const tabB = newStore(storage);

    tabA.getState().login(validToken, user);
    expect(tabB.getState().token).toBeNull(); // not until the event
    expect(applyStorageChange(tabB, { key: SESSION_STORAGE_KEY })).toBe(true);
    expect(tabB.getState()).toMatchObject({ token: validToken, user });

    tabA.getState().logout();
    applyStorageChange(tabB, { key: SESSION_STORAGE_KEY });
    expect(tabB.getState()).toMatchObject({ token: null, user: null });
    expect(tabB.getState().readToken()).toBeUndefined();
  });

  it('a cleared storage (key null) or a removed session logs the other tab out', () => {
    const { items, storage } = fakeLocalStorage();
    const tabA = newStore(storage);
    const tabB = newStore(storage);
    tabA.getState().login(validToken, user);
    applyStorageChange(tabB, { key: SESSION_STORAGE_KEY });
    items.clear();
    expect(applyStorageChange(tabB, { key: null })).toBe(true);
    expect(tabB.getState()).toMatchObject({ token: null, user: null });

    tabA.getState().login(validToken, user);
    applyStorageChange(tabB, { key: SESSION_STORAGE_KEY });
    expect(tabB.getState().token).toBe(validToken);
    items.delete(SESSION_STORAGE_KEY);
    applyStorageChange(tabB, { key: SESSION_STORAGE_KEY });
    expect(tabB.getState().token).toBeNull();
  });

  it('ignores other keys and other storage areas', () => {
    const { storage } = fakeLocalStorage();
    const tabA = newStore(storage);
    const tabB = newStore(storage);
    tabA.getState().login(validToken, user);
    expect(applyStorageChange(tabB, { key: 'something-else' })).toBe(false);
    const local = {};
    const session = {};
    expect(applyStorageChange(tabB, { key: SESSION_STORAGE_KEY, storageArea: session }, local)).toBe(false);
    expect(tabB.getState().token).toBeNull();
  });

  it('listens to storage events of the window and stops when asked', () => {
    const { storage } = fakeLocalStorage();
    const tabA = newStore(storage);
    const tabB = newStore(storage);
    const windowB = new EventTarget();
    const area = {};
    const storageEvent = (key: string | null) => Object.assign(new Event('storage'), { key, storageArea: area });
    const stop = syncAcrossTabs(tabB, windowB, area);

    const seen: Array<string | null> = [];
    tabB.subscribe((state) => seen.push(state.token));
    tabA.getState().login(validToken, user);
    windowB.dispatchEvent(storageEvent(SESSION_STORAGE_KEY));
    expect(tabB.getState().user).toEqual(user);
    tabA.getState().logout();
    windowB.dispatchEvent(storageEvent(SESSION_STORAGE_KEY));
    expect(tabB.getState().user).toBeNull();
    expect(seen).toEqual([validToken, null]);

    stop();
    tabA.getState().login(validToken, user);
    windowB.dispatchEvent(storageEvent(SESSION_STORAGE_KEY));
    expect(tabB.getState().token).toBeNull();
  });

  it('a change in the other tab does not write back (no ping-pong between tabs)', () => {
    const { storage } = fakeLocalStorage();
    let writes = 0;
    const counting: StateStorage = { ...storage, setItem: (name, value) => (writes++, storage.setItem(name, value)) };
    const tabA = newStore(storage);
    const tabB = newStore(counting);
    tabA.getState().login(validToken, user);
    applyStorageChange(tabB, { key: SESSION_STORAGE_KEY });
    expect(writes).toBe(0);
  });
});

describe('safeStorage', () => {
  it('never throws when localStorage is missing or full', () => {
    const broken = safeStorage(() => {
      throw new ReferenceError('localStorage is not defined');
    });
    expect(broken.getItem('x')).toBeNull();
    expect(() => broken.setItem('x', '1')).not.toThrow();
    expect(() => broken.removeItem('x')).not.toThrow();
    const store = createSessionStore({ storage: broken, now: () => NOW });
    store.getState().login(validToken, user);
    expect(store.getState().readToken()).toBe(validToken);
  });
});
