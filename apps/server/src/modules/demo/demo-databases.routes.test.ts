import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseList, UsagePage, UsageRecord } from '@fuliaotong/contracts';
import { viewers } from '../../../test/members.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { DEMO_DATABASES } from './demo-content.js';
import { seedDemoContent } from './demo-seed.js';
import { parsed } from '../../../test/responses.js';

/** The demo databases say what the API does: their descriptions and access levels agree. */
let t: TestApp;
let who: Awaited<ReturnType<typeof viewers>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, {
    scale: { excipients: 5, registrations: 20, standards: 10, usageRecords: 12, regulations: 3, news: 3 },
  });
  who = await viewers(t.app, t.database);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the demo usage database (辅料用量)', () => {
  const described = DEMO_DATABASES.find((d) => d.code === 'usage')!;

  it('is described as open to signed-in users, with the maximum amounts for members', async () => {
    expect(described.description).toContain('登录后可检索');
    expect(described.description).toContain('最大用量会员可见');
    const listed = (code: string, list: DatabaseList) => list.items.find((d) => d.code === code)!;
    const anonymous = parsed(await get('/api/app/database'), DatabaseList);
    expect(listed('usage', anonymous)).toMatchObject({ access: 'login', accessible: false, lockedMessage: '登录后查看' });
    const user = parsed(await get('/api/app/database', who.user), DatabaseList);
    expect(listed('usage', user)).toMatchObject({ description: described.description, accessible: true, lockedMessage: null });
  });

  it('lists its rows to a signed-in non-member with the amounts locked, and the amounts to members', async () => {
    expect((await get('/api/app/database/usage/records')).statusCode).toBe(401);

    const forUser = await get('/api/app/database/usage/records?pageSize=50', who.user);
    expect(forUser.statusCode, forUser.body).toBe(200);
    const page = parsed(forUser, UsagePage);
    expect(page.totalCount).toBe(12);
    for (const item of page.items) {
      expect(item.ingredient && item.route && item.dosageForm).toBeTruthy();
      expect(item.maxAmount).toBeUndefined();
      expect(item.locked).toEqual([{ level: 'member', message: '会员可见', fields: ['maxAmount'], database: 'usage' }]);
    }
    expect(forUser.body).not.toContain('"maxAmount":');

    const forMember = parsed(await get('/api/app/database/usage/records?pageSize=50', who.member), UsagePage);
    expect(forMember.items.map((u) => u.id)).toEqual(page.items.map((u) => u.id));
    expect(forMember.items.every((u) => typeof u.maxAmount === 'string' && u.maxAmount !== '' && u.locked.length === 0)).toBe(true);

    const one = page.items[0]!;
    const record = parsed(await get(`/api/app/database/usage/records/${one.id}`, who.user), UsageRecord);
    expect(record).toEqual(one);
    expect((await get(`/api/app/database/usage/records/${one.id}`)).statusCode).toBe(401);
  });
});
