import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * Who may call each route of the account area. A new route under these prefixes must be added here,
 * so that no route is ever left open by mistake.
 */
const matrix: Record<string, 'public' | 'member'> = {
  'POST /api/app/account/register': 'public',
  'POST /api/app/account/login': 'public',
  'GET /api/app/account/avatar/:name': 'public',
  'POST /api/app/account/logout': 'member',
  'POST /api/app/account/logout-all': 'member',
  'GET /api/app/account/profile': 'member',
  'PUT /api/app/account/profile': 'member',
  'POST /api/app/account/avatar': 'member',
  'POST /api/app/account/change-password': 'member',
  'GET /api/app/account/summary': 'member',
  'GET /api/app/address': 'member',
  'POST /api/app/address': 'member',
  'GET /api/app/address/:id': 'member',
  'PUT /api/app/address/:id': 'member',
  'DELETE /api/app/address/:id': 'member',
  'POST /api/app/address/:id/set-default': 'member',
  'GET /api/app/notice': 'member',
  'GET /api/app/notice/unread-count': 'member',
  'POST /api/app/notice/:id/read': 'member',
  'POST /api/app/notice/read-all': 'member',
};

const guarded = /^\/api\/app\/(account|address|notice)(\/|$)/;

describe('authorization matrix', () => {
  it('lists every registered account, address and notice route', () => {
    const registered = t.routes
      .filter((r) => guarded.test(r.url) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(matrix).sort());
  });

  it.each(Object.entries(matrix).filter(([, who]) => who === 'member'))(
    '%s answers 401 without a token and with a bad one',
    async (route) => {
      const [method, path] = route.split(' ') as ['GET', string];
      const url = path.replace(':id', '1');
      for (const headers of [{}, { authorization: 'Bearer not.a.token' }, { authorization: 'Basic abc' }]) {
        const response = await t.app.inject({ method, url, headers, payload: method === 'GET' ? undefined : {} });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.json().error.code).toBe('unauthorized');
      }
    },
  );
});
