import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticePage, User } from '@fuliaotong/contracts';
import { excipients } from '../../db/schema.js';
import { bearer, GOOD_PASSWORD, multipart, PNG, registerMember } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
/** A product anyone may add to their favorites. */
let excipientId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.insert(excipients).values({ nameZh: '乳糖', nameEn: 'Lactose', category: '填充剂' }).returning();
  excipientId = row!.id;
});
afterAll(async () => {
  await t.close();
});

/** What the owner has: the rows other users must not reach. */
interface Owned {
  addressId: number;
  noticeId: number;
  favoriteId: number;
  avatar: string;
}

interface Case {
  /** Expected status for a caller without a token, for another signed-in user, and for the owner. */
  anonymous: number;
  other: number;
  owner: number;
  request: (owned: Owned) => Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
}

const address = { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301', '330106'], street: '文三路 90 号' };
const avatarUpload = () => {
  const { payload, headers } = multipart(PNG, 'a.png', 'image/png');
  return { payload, headers };
};

/**
 * Every route of the account area with who may call it. Calls of another user on the owner's rows
 * answer 404, exactly like rows that do not exist. A route registered under these prefixes but
 * missing here fails the first test.
 */
const matrix: Record<string, Case> = {
  'POST /api/app/account/register': {
    anonymous: 409, other: 409, owner: 409, // the owner's account exists already: a real registration is tested elsewhere
    request: () => ({}),
  },
  'POST /api/app/account/login': { anonymous: 200, other: 200, owner: 200, request: () => ({ payload: {} }) },
  'GET /api/app/account/avatar/:name': { anonymous: 200, other: 200, owner: 200, request: (o) => ({ url: o.avatar }) },
  'POST /api/app/account/logout': { anonymous: 401, other: 204, owner: 204, request: () => ({}) },
  'POST /api/app/account/logout-all': { anonymous: 401, other: 204, owner: 204, request: () => ({}) },
  'GET /api/app/account/profile': { anonymous: 401, other: 200, owner: 200, request: () => ({}) },
  'PUT /api/app/account/profile': { anonymous: 401, other: 200, owner: 200, request: () => ({ payload: { nickName: '改名' } }) },
  'POST /api/app/account/avatar': { anonymous: 401, other: 200, owner: 200, request: avatarUpload },
  'POST /api/app/account/change-password': {
    anonymous: 401, other: 200, owner: 200,
    request: () => ({ payload: { oldPassword: GOOD_PASSWORD, newPassword: 'Povidone-K30-Matrix' } }),
  },
  'GET /api/app/account/summary': { anonymous: 401, other: 200, owner: 200, request: () => ({}) },
  'GET /api/app/address': { anonymous: 401, other: 200, owner: 200, request: () => ({}) },
  'POST /api/app/address': { anonymous: 401, other: 201, owner: 201, request: () => ({ payload: address }) },
  'GET /api/app/address/:id': { anonymous: 401, other: 404, owner: 200, request: () => ({}) },
  'PUT /api/app/address/:id': { anonymous: 401, other: 404, owner: 200, request: () => ({ payload: address }) },
  'DELETE /api/app/address/:id': { anonymous: 401, other: 404, owner: 204, request: () => ({}) },
  'POST /api/app/address/:id/set-default': { anonymous: 401, other: 404, owner: 200, request: () => ({}) },
  'GET /api/app/notice': { anonymous: 401, other: 200, owner: 200, request: () => ({}) },
  'GET /api/app/notice/unread-count': { anonymous: 401, other: 200, owner: 200, request: () => ({}) },
  'POST /api/app/notice/:id/read': { anonymous: 401, other: 404, owner: 200, request: () => ({}) },
  'POST /api/app/notice/read-all': { anonymous: 401, other: 204, owner: 204, request: () => ({}) },
  'GET /api/app/favorite': { anonymous: 401, other: 200, owner: 200, request: () => ({}) },
  // The owner has this favorite already: adding it again answers it (200); the other user gets a new one.
  'POST /api/app/favorite': {
    anonymous: 401, other: 201, owner: 200,
    request: () => ({ payload: { targetType: 'excipient', targetId: excipientId } }),
  },
  'DELETE /api/app/favorite/:id': { anonymous: 401, other: 404, owner: 204, request: () => ({}) },
};

const covered = /^\/api\/app\/(account|address|notice|favorite)(\/|$)/;

async function ownerWithRows() {
  const owner = await registerMember(t.app);
  const h = bearer(owner.token);
  const created = await t.app.inject({ method: 'POST', url: '/api/app/address', headers: h, payload: address });
  const notices = NoticePage.parse((await t.app.inject({ method: 'GET', url: '/api/app/notice', headers: h })).json());
  const favorite = await t.app.inject({ method: 'POST', url: '/api/app/favorite', headers: h, payload: { targetType: 'excipient', targetId: excipientId } });
  const upload = avatarUpload();
  const avatar = User.parse(
    (await t.app.inject({ method: 'POST', url: '/api/app/account/avatar', payload: upload.payload, headers: { ...upload.headers, ...h } })).json(),
  ).avatar!;
  return { owner, owned: { addressId: created.json().id, noticeId: notices.items[0]!.id, favoriteId: favorite.json().id, avatar } };
}

describe('authorization matrix', () => {
  it('covers every registered account, address, notice and favorite route', () => {
    const registered = t.routes
      .filter((r) => covered.test(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(matrix).sort());
  });

  it.each(Object.entries(matrix))('%s', async (route, expected) => {
    const [method, path] = route.split(' ') as [NonNullable<InjectOptions['method']>, string];
    const { owner, owned } = await ownerWithRows();
    const other = await registerMember(t.app);
    const call = async (who: 'anonymous' | 'other' | 'owner') => {
      const { headers, ...rest } = expected.request(owned);
      const member = who === 'owner' ? owner : who === 'other' ? other : undefined;
      const options: InjectOptions = {
        method,
        url: path.replace(':id', String(path.includes('notice') ? owned.noticeId : path.includes('favorite') ? owned.favoriteId : owned.addressId)),
        ...rest,
        headers: { ...headers, ...(member ? bearer(member.token) : {}) },
      };
      // Log-in and registration act on the caller's own account.
      if (route.endsWith('/login')) options.payload = { account: (member ?? owner).account, password: GOOD_PASSWORD };
      if (route.endsWith('/register')) options.payload = { account: owner.account, password: GOOD_PASSWORD };
      return (await t.app.inject(options)).statusCode;
    };
    // Anonymous first, then the other user, then the owner: a deletion by the owner comes last.
    expect({ anonymous: await call('anonymous'), other: await call('other'), owner: await call('owner') }).toEqual({
      anonymous: expected.anonymous,
      other: expected.other,
      owner: expected.owner,
    });
    // A garbage token is never better than none.
    if (expected.anonymous === 401) {
      const bad = await t.app.inject({ method, url: path.replace(':id', '1'), headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.statusCode).toBe(401);
    }
  });
});
