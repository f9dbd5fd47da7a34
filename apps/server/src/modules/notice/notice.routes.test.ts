import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NoticePage, UnreadCount } from '@fuliaotong/contracts';
import { bearer, registerMember } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { NoticeRepository } from './notice.repository.js';
import { NoticeService } from './notice.service.js';

let t: TestApp;
let notices: NoticeService;
beforeAll(async () => {
  t = await createTestApp();
  notices = new NoticeService(new NoticeRepository(t.database.db));
});
afterAll(async () => {
  await t.close();
});

async function memberWithNotices(n: number) {
  const member = await registerMember(t.app);
  for (let i = 1; i <= n; i++) {
    await notices.notify(member.user.id, { kind: 'sample', title: `样品申请进度 ${i}`, body: `第 ${i} 条`, link: '/account/apply' });
  }
  const h = bearer(member.token);
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: h });
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: h });
  return { member, get, post };
}

describe('notices', () => {
  it('lists newest first, paged, with the total', async () => {
    const { get } = await memberWithNotices(12);
    const first = NoticePage.parse((await get('/api/app/notice?page=1&pageSize=5&_t=1')).json());
    expect(first.totalCount).toBe(13); // 12 + the welcome notice
    expect(first.items.map((n) => n.title)).toEqual(['样品申请进度 12', '样品申请进度 11', '样品申请进度 10', '样品申请进度 9', '样品申请进度 8']);
    const last = NoticePage.parse((await get('/api/app/notice?page=3&pageSize=5')).json());
    expect(last.items.map((n) => n.title)).toEqual(['样品申请进度 2', '样品申请进度 1', '欢迎加入辅料通']);
  });

  it('marks one and all as read, and counts and filters unread ones', async () => {
    const { get, post } = await memberWithNotices(3);
    const unread = async () => UnreadCount.parse((await get('/api/app/notice/unread-count')).json()).count;
    expect(await unread()).toBe(4);
    const page = NoticePage.parse((await get('/api/app/notice')).json());
    const read = await post(`/api/app/notice/${page.items[0]!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: page.items[0]!.id, read: true });
    expect(await unread()).toBe(3);
    const onlyUnread = NoticePage.parse((await get('/api/app/notice?unread=true')).json());
    expect(onlyUnread.totalCount).toBe(3);
    expect(onlyUnread.items.every((n) => !n.read)).toBe(true);
    expect((await post('/api/app/notice/read-all')).statusCode).toBe(204);
    expect(await unread()).toBe(0);
  });

  it('never shows or changes another user’s notices', async () => {
    const owner = await memberWithNotices(1);
    const other = await memberWithNotices(0);
    const id = NoticePage.parse((await owner.get('/api/app/notice')).json()).items[0]!.id;
    expect((await other.post(`/api/app/notice/${id}/read`)).statusCode).toBe(404);
    await other.post('/api/app/notice/read-all');
    expect(UnreadCount.parse((await owner.get('/api/app/notice/unread-count')).json()).count).toBe(2);
    const list = NoticePage.parse((await other.get('/api/app/notice')).json());
    expect(list.items.map((n) => n.id)).not.toContain(id);
  });

  it.each(['pageSize=101', 'pageSize=0', 'page=0', 'page=x', 'unread=maybe'])('answers 400 for %s', async (query) => {
    const { get } = await memberWithNotices(0);
    const response = await get(`/api/app/notice?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
