import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SAMPLE_LIMITS, NoticePage, User } from '@fuliaotong/contracts';
import { excipients } from '../../db/schema.js';
import { bearer, GOOD_PASSWORD, multipart, PNG, registerMember } from '../../../test/accounts.js';
import { applicationBody, createProduct, registerStaff, type TestProduct } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
/** A product anyone may add to their favorites. */
let excipientId: number;
/** A product offering samples, which the owner has in the cart. */
let product: TestProduct;
let staff: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.insert(excipients).values({ nameZh: '乳糖', nameEn: 'Lactose', category: '填充剂' }).returning();
  excipientId = row!.id;
  product = await createProduct(t.database, { specs: 2 });
  staff = await registerStaff(t.app, t.database);
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
  cartItemId: number;
  /** A sample application awaiting review. */
  applicationId: number;
}

interface Case {
  /** Expected status for a caller without a token, for another signed-in user, and for the owner. */
  anonymous: number;
  other: number;
  owner: number;
  /** Expected status for a member of the staff (asked last; routes that predate the staff role leave it out). */
  staff?: number;
  /** The row `:id` names (default: the owner's notice, favorite or address, by the path). */
  id?: (owned: Owned) => number;
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

  // Sample cart: staff members have carts of their own like anyone else.
  'GET /api/app/sample/sample-cart-list': { anonymous: 401, other: 200, owner: 200, staff: 200, request: () => ({}) },
  'GET /api/app/sample/sample-cart-num': { anonymous: 401, other: 200, owner: 200, staff: 200, request: () => ({}) },
  'POST /api/app/sample/check-sample-cart-num': {
    anonymous: 401, other: 200, owner: 200, staff: 200,
    request: () => ({ payload: { excipientId: product.excipientId, specId: product.specIds[0], quantity: 1 } }),
  },
  // The owner has this option in the cart already: adding it again raises the quantity (200).
  'POST /api/app/sample/sample-cart': {
    anonymous: 401, other: 201, owner: 200, staff: 201,
    request: () => ({ payload: { excipientId: product.excipientId, specId: product.specIds[0] } }),
  },
  'PATCH /api/app/sample/sample-cart/:id': {
    anonymous: 401, other: 404, owner: 200, staff: 404,
    id: (o) => o.cartItemId,
    request: () => ({ payload: { quantity: 2 } }),
  },
  // Ids that are not the caller's are ignored: the others get their own (unchanged) cart.
  'POST /api/app/sample/sample-cart-checked': {
    anonymous: 401, other: 200, owner: 200, staff: 200,
    request: (o) => ({ payload: { ids: [o.cartItemId], checked: false } }),
  },
  'POST /api/app/sample/cart-sample-remove': {
    anonymous: 401, other: 200, owner: 200, staff: 200,
    request: (o) => ({ payload: { ids: [o.cartItemId] } }),
  },
  'GET /api/app/sample/confirmed-sample-list': {
    anonymous: 401, other: 200, owner: 200, staff: 200,
    request: (o) => ({ query: { ids: String(o.cartItemId) } }),
  },
  // Sample applications (the owner's awaits review).
  'POST /api/app/sample/or-update': {
    anonymous: 401, other: 201, owner: 201, staff: 201,
    request: () => ({ payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[1]! }]) }),
  },
  'GET /api/app/sample/application': { anonymous: 401, other: 200, owner: 200, staff: 200, request: () => ({}) },
  'GET /api/app/sample/application/:id': { anonymous: 401, other: 404, owner: 200, staff: 404, id: (o) => o.applicationId, request: () => ({}) },
  'POST /api/app/sample/application/:id/withdraw': {
    anonymous: 401, other: 404, owner: 200, staff: 404,
    id: (o) => o.applicationId,
    request: () => ({}),
  },
  // Public: the application form's option lists and the caller's region.
  'GET /api/app/no-token-interface/form-dic-list': { anonymous: 200, other: 200, owner: 200, staff: 200, request: () => ({}) },
  'GET /api/app/l-bS': { anonymous: 200, other: 200, owner: 200, staff: 200, request: () => ({}) },
  // Staff only (the owner, a member, is refused like anyone else who is not staff).
  'GET /api/admin/application': { anonymous: 401, other: 403, owner: 403, staff: 200, request: () => ({}) },
  'GET /api/admin/application/:id': { anonymous: 401, other: 403, owner: 403, staff: 200, id: (o) => o.applicationId, request: () => ({}) },
  'POST /api/admin/application/:id/approve': {
    anonymous: 401, other: 403, owner: 403, staff: 200,
    id: (o) => o.applicationId,
    request: () => ({ payload: { note: '资料齐全' } }),
  },
  'POST /api/admin/application/:id/reject': {
    anonymous: 401, other: 403, owner: 403, staff: 200,
    id: (o) => o.applicationId,
    request: () => ({ payload: { reason: '资料不全' } }),
  },
  // Allowed for the staff, but the owner's application awaits review: shipping and delivery come later (409).
  'POST /api/admin/application/:id/ship': {
    anonymous: 401, other: 403, owner: 403, staff: 409,
    id: (o) => o.applicationId,
    request: () => ({ payload: { carrier: '顺丰速运', trackingNumber: 'SF1234567890' } }),
  },
  'POST /api/admin/application/:id/deliver': { anonymous: 401, other: 403, owner: 403, staff: 409, id: (o) => o.applicationId, request: () => ({}) },
  'GET /api/admin/settings/sample-limits': { anonymous: 401, other: 403, owner: 403, staff: 200, request: () => ({}) },
  'PUT /api/admin/settings/sample-limits': {
    anonymous: 401, other: 403, owner: 403, staff: 200,
    request: () => ({ payload: DEFAULT_SAMPLE_LIMITS }),
  },
};

const covered = /^\/api\/(app\/(account|address|notice|favorite|sample|no-token-interface)(\/|$)|app\/l-bS$|admin\/)/;

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
  const cartItem = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/sample-cart',
    headers: h,
    payload: { excipientId: product.excipientId, specId: product.specIds[0] },
  });
  const application = await t.app.inject({
    method: 'POST',
    url: '/api/app/sample/or-update',
    headers: h,
    payload: applicationBody([{ excipientId: product.excipientId, specId: product.specIds[1]! }]),
  });
  return {
    owner,
    owned: {
      addressId: created.json().id,
      noticeId: notices.items[0]!.id,
      favoriteId: favorite.json().id,
      avatar,
      cartItemId: cartItem.json().item.id,
      applicationId: application.json().id,
    },
  };
}

describe('authorization matrix', () => {
  it('covers every registered account, address, notice, favorite, sample and staff route', () => {
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
    const call = async (who: 'anonymous' | 'other' | 'owner' | 'staff') => {
      const { headers, ...rest } = expected.request(owned);
      const member = who === 'owner' ? owner : who === 'other' ? other : who === 'staff' ? staff : undefined;
      const id = expected.id?.(owned) ?? (path.includes('notice') ? owned.noticeId : path.includes('favorite') ? owned.favoriteId : owned.addressId);
      const options: InjectOptions = {
        method,
        url: path.replace(':id', String(id)),
        ...rest,
        headers: { ...headers, ...(member ? bearer(member.token) : {}) },
      };
      // Log-in and registration act on the caller's own account.
      if (route.endsWith('/login')) options.payload = { account: (member ?? owner).account, password: GOOD_PASSWORD };
      if (route.endsWith('/register')) options.payload = { account: owner.account, password: GOOD_PASSWORD };
      return (await t.app.inject(options)).statusCode;
    };
    // Anonymous first, then the other user, then the owner: a deletion by the owner comes last (then the staff).
    const seen: Record<string, number> = { anonymous: await call('anonymous'), other: await call('other'), owner: await call('owner') };
    if (expected.staff !== undefined) seen.staff = await call('staff');
    expect(seen).toEqual({
      anonymous: expected.anonymous,
      other: expected.other,
      owner: expected.owner,
      ...(expected.staff !== undefined ? { staff: expected.staff } : {}),
    });
    // A garbage token is never better than none.
    if (expected.anonymous === 401) {
      const bad = await t.app.inject({ method, url: path.replace(':id', '1'), headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.statusCode).toBe(401);
    }
  });
});
