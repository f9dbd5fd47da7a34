import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponse, Notice, NoticePage, UnreadCount, paths } from '@fuliaotong/contracts';
import { bearer, registerMember } from '../../../test/accounts.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { NoticeRepository } from './notice.repository.js';
import { NoticeService } from './notice.service.js';
import { parsed } from '../../../test/responses.js';

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
    await notices.notify(member.user.id, { kind: 'sample', title: `样品申请进度 ${i}`, body: `第 ${i} 条`, link: paths.applications });
  }
  const h = bearer(member.token);
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: h });
  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: h });
  return { member, get, post };
}

describe('notices', () => {
  it('lists newest first, paged, with the total', async () => {
    const { get } = await memberWithNotices(12);
    const first = parsed(await get('/api/app/notice?page=1&pageSize=5&_t=1'), NoticePage);
    expect(first.totalCount).toBe(13); // 12 + the welcome notice
    expect(first.items.map((n) => n.title)).toEqual(['样品申请进度 12', '样品申请进度 11', '样品申请进度 10', '样品申请进度 9', '样品申请进度 8']);
    const last = parsed(await get('/api/app/notice?page=3&pageSize=5'), NoticePage);
    expect(last.items.map((n) => n.title)).toEqual(['样品申请进度 2', '样品申请进度 1', '欢迎加入辅料通']);
  });

  it('marks one and all as read, and counts and filters unread ones', async () => {
    const { get, post } = await memberWithNotices(3);
    const unread = async () => parsed(await get('/api/app/notice/unread-count'), UnreadCount).count;
    expect(await unread()).toBe(4);
    const page = parsed(await get('/api/app/notice'), NoticePage);
    const read = await post(`/api/app/notice/${page.items[0]!.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(parsed(read, Notice)).toMatchObject({ id: page.items[0]!.id, read: true });
    expect(await unread()).toBe(3);
    const onlyUnread = parsed(await get('/api/app/notice?unread=true'), NoticePage);
    expect(onlyUnread.totalCount).toBe(3);
    expect(onlyUnread.items.every((n) => !n.read)).toBe(true);
    expect((await post('/api/app/notice/read-all')).statusCode).toBe(204);
    expect(await unread()).toBe(0);
  });

  it('never shows or changes another user’s notices', async () => {
    const owner = await memberWithNotices(1);
    const other = await memberWithNotices(0);
    const id = parsed(await owner.get('/api/app/notice'), NoticePage).items[0]!.id;
    expect((await other.post(`/api/app/notice/${id}/read`)).statusCode).toBe(404);
    await other.post('/api/app/notice/read-all');
    expect(parsed(await owner.get('/api/app/notice/unread-count'), UnreadCount).count).toBe(2);
    const list = parsed(await other.get('/api/app/notice'), NoticePage);
    expect(list.items.map((n) => n.id)).not.toContain(id);
  });

  it.each(['pageSize=101', 'pageSize=0', 'page=0', 'page=x', 'unread=maybe'])('answers 400 for %s', async (query) => {
    const { get } = await memberWithNotices(0);
    const response = await get(`/api/app/notice?${query}`);
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error.code).toBe('validation_failed');
  });
});
