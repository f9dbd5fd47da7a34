import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dashboard, ErrorResponse } from '@fuliaotong/contracts';
import { registerMember } from '../../../test/accounts.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoContent } from '../demo/demo-seed.js';
import { period } from './dashboard.service.js';

/* The dashboard: members, applications, the most searched keywords — and no personal data in the search log. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoContent(t.database.db, { onlyIfEmpty: true });
});
afterAll(async () => {
  await t.close();
});

const search = (q: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/app/search', query: { q, ...extra } });

describe('dashboard', () => {
  it('counts new members per day, every day of the period present, and ranks the searched keywords', async () => {
    const reviewer = await registerStaff(t.app, t.database, ['reviewer']);
    const before = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: reviewer.headers }), Dashboard);
    await registerMember(t.app);
    await registerMember(t.app);
    for (const q of ['微晶纤维素', '微晶纤维素', ' 微晶纤维素 ', '乳糖', '不存在的辅料xyz']) expect((await search(q)).statusCode).toBe(200);
    // Paging and switching tabs are the same search, not new ones; personal-looking keywords are not kept.
    await search('乳糖', { page: '2' });
    await search('乳糖', { type: 'excipient' });
    await search('13812345678');
    await search('someone@example.com');

    const week = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: reviewer.headers, query: { days: '7' } }), Dashboard);
    expect(week.days).toBe(7);
    expect(week.members.byDay).toHaveLength(7);
    expect(week.members.byDay.at(-1)!.day).toBe(period(7, new Date()).names.at(-1));
    expect(week.members.new - before.members.new).toBe(2);
    expect(week.members.total - before.members.total).toBe(2);
    expect(week.topKeywords).toEqual([
      { keyword: '微晶纤维素', count: 3, noResults: false },
      // Equal counts: the latest searched first.
      { keyword: '不存在的辅料xyz', count: 1, noResults: true },
      { keyword: '乳糖', count: 1, noResults: false },
    ]);
    const month = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: reviewer.headers, query: { days: '30' } }), Dashboard);
    expect(month.members.byDay).toHaveLength(30);
    expect(Object.keys(month.applications.byStatus).sort()).toEqual(['approved', 'delivered', 'rejected', 'shipped', 'submitted', 'withdrawn']);
  });

  it('refuses another period with a Chinese message, and members', async () => {
    const staff = await registerStaff(t.app, t.database, ['editor']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff.headers, query: { days: '14' } });
    expect(bad.statusCode).toBe(400);
    expect(parsed(bad, ErrorResponse).error.details).toContainEqual({ path: 'querystring.days', message: '统计周期只能是 7 天或 30 天' });
    const member = await registerMember(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${member.token}` } })).statusCode).toBe(403);
  });
});
