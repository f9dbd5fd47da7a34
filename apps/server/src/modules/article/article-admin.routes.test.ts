import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminArticlePage,
  AdminNews,
  AdminRegulation,
  ArticleImageUpload,
  AuditPage,
  ErrorResponse,
  NewsDetail,
  NewsPage,
  RegulationDetail,
  SearchResult,
  type NewsBody,
  type RegulationBody,
} from '@fuliaotong/contracts';
import { bearer, multipart, registerMember } from '../../../test/accounts.js';
import { PDF, PNG } from '../../../test/fixture-files.js';
import { parsed } from '../../../test/responses.js';
import { registerStaff } from '../../../test/samples.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { news } from './article.schema.js';

let t: TestApp;
let editor: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  editor = await registerStaff(t.app, t.database, ['editor']);
});
afterAll(async () => {
  await t.close();
});

async function uploadImage(bytes: Buffer, name: string, type: string) {
  const upload = multipart(bytes, name, type);
  return t.app.inject({ method: 'POST', url: '/api/admin/article/image', headers: { ...editor.headers, ...upload.headers }, payload: upload.payload });
}

const table = '<table><tbody><tr><th>型号</th><th>粒径（μm）</th></tr><tr><td>PH101</td><td>50</td></tr></tbody></table>';
function newsBody(overrides: Partial<NewsBody> = {}): NewsBody {
  return {
    title: '微晶纤维素在直压片中的型号选择',
    category: '技术文章',
    source: '辅料通',
    publishedOn: '2026-11-20',
    summary: '直压工艺中微晶纤维素 PH101 与 PH102 的选择。',
    content: `<p>直压片常用微晶纤维素。</p>${table}`,
    state: 'draft',
    publishAt: null,
    ...overrides,
  };
}

const publicNews = (id: number, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/app/news/${id}`, headers: token ? bearer(token) : {} });

describe('the articles desk', () => {
  it('writes a news draft with an uploaded image and a table, which only editors see until it is published', async () => {
    const image = await uploadImage(PNG, '片剂.png', 'image/png');
    expect(image.statusCode, image.body).toBe(201);
    const { url } = parsed(image, ArticleImageUpload);
    expect(url).toMatch(/^\/api\/app\/article\/image\/[\w-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type'], served.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);

    const content = `<p onclick="x()">直压片常用<strong>微晶纤维素</strong>。</p><img src="${url}" alt="压片"><script>alert(1)</script>${table}`;
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/news', headers: editor.headers, payload: newsBody({ content }) });
    expect(created.statusCode, created.body).toBe(201);
    const draft = parsed(created, AdminNews);
    expect(draft.state).toBe('draft');
    expect(draft.content).toBe(`<p>直压片常用<strong>微晶纤维素</strong>。</p><img src="${url}" alt="压片" />${table}`);

    // A draft: not on the public page, the list or the search; an editor may preview it.
    expect((await publicNews(draft.id)).statusCode).toBe(404);
    const member = await registerMember(t.app);
    expect((await publicNews(draft.id, member.token)).statusCode).toBe(404);
    expect(parsed(await publicNews(draft.id, editor.token), NewsDetail).content).toBe(draft.content);
    const listed = async () => parsed(await t.app.inject({ method: 'GET', url: '/api/app/news' }), NewsPage).items.map((n) => n.id);
    expect(await listed()).not.toContain(draft.id);
    const found = async () =>
      parsed(await t.app.inject({ method: 'GET', url: '/api/app/search', query: { q: '型号选择', type: 'news' } }), SearchResult).totalCount;
    expect(await found()).toBe(0);

    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/news/${draft.id}`,
      headers: editor.headers,
      payload: newsBody({ content, state: 'published' }),
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(parsed(published, AdminNews).state).toBe('published');
    expect(parsed(await publicNews(draft.id), NewsDetail).content).toBe(draft.content);
    expect(await listed()).toContain(draft.id);
    expect(await found()).toBe(1);

    const admin = await registerStaff(t.app, t.database, ['admin']);
    const audit = parsed(
      await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query: { entityType: 'news', entityId: String(draft.id) } }),
      AuditPage,
    );
    expect(audit.items.map((e) => e.summary)).toEqual([
      '修改资讯“微晶纤维素在直压片中的型号选择”（发布）',
      '存为草稿资讯“微晶纤维素在直压片中的型号选择”',
    ]);
    expect(audit.items[0]?.before).toEqual({ state: 'draft' });
    expect(audit.items[0]?.after).toEqual({ state: 'published' });
  });

  it('publishes a scheduled article by itself at its time, and refuses a time in the past', async () => {
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: editor.headers,
      payload: newsBody({ state: 'scheduled', publishAt: '2020-01-01T09:00:00+08:00' }),
    });
    expect([past.statusCode, parsed(past, ErrorResponse).error.message]).toEqual([400, '定时发布的时间应晚于现在']);
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/news', headers: editor.headers, payload: newsBody({ state: 'scheduled' }) });
    expect(parsed(missing, ErrorResponse).error.details).toEqual([{ path: 'body.publishAt', message: '定时发布请选择发布时间' }]);

    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = parsed(
      await t.app.inject({ method: 'POST', url: '/api/admin/news', headers: editor.headers, payload: newsBody({ title: '定时发布的资讯', state: 'scheduled', publishAt: at }) }),
      AdminNews,
    );
    expect([scheduled.state, scheduled.publishAt]).toEqual(['scheduled', at]);
    expect((await publicNews(scheduled.id)).statusCode).toBe(404);
    const scheduledList = parsed(
      await t.app.inject({ method: 'GET', url: '/api/admin/news', headers: editor.headers, query: { state: 'scheduled' } }),
      AdminArticlePage,
    );
    expect(scheduledList.items.map((a) => a.id)).toEqual([scheduled.id]);

    // Its time comes.
    await t.database.db.update(news).set({ publishAt: new Date(Date.now() - 1_000) }).where(eq(news.id, scheduled.id));
    expect((await publicNews(scheduled.id)).statusCode).toBe(200);
    const now = parsed(await t.app.inject({ method: 'GET', url: `/api/admin/news/${scheduled.id}`, headers: editor.headers }), AdminNews);
    expect(now.state).toBe('published');
  });

  it('refuses an image pasted from another site, with what to do instead, and saves nothing', async () => {
    const before = parsed(await t.app.inject({ method: 'GET', url: '/api/admin/news', headers: editor.headers }), AdminArticlePage).totalCount;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/news',
      headers: editor.headers,
      payload: newsBody({ content: '<p>转载</p><img src="https://mmbiz.qpic.cn/mmbiz_jpg/abc/640">' }),
    });
    expect(response.statusCode).toBe(400);
    expect(parsed(response, ErrorResponse).error.details).toEqual([
      { path: 'body.content', message: '正文中有 1 张来自其他网站的图片：本站不下载外部图片，请先把图片保存到电脑，再用“插入图片”上传' },
    ]);
    expect(parsed(await t.app.inject({ method: 'GET', url: '/api/admin/news', headers: editor.headers }), AdminArticlePage).totalCount).toBe(before);
  });

  it('takes only images as images, by their content', async () => {
    const pdf = await uploadImage(PDF, 'fake.png', 'image/png');
    expect([pdf.statusCode, parsed(pdf, ErrorResponse).error.message]).toEqual([415, '正文图片请上传 PNG、JPEG 或 WebP 图片（按文件内容检查）']);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/article/image/nothing-here.png' })).statusCode).toBe(404);
  });

  it('writes a regulation with its issuer, number, dates and status', async () => {
    const body: RegulationBody = {
      title: '关于进一步完善药用辅料登记管理的公告',
      issuer: '国家药品监督管理局',
      docNumber: '2026年第18号',
      category: '规范性文件',
      issuedOn: '2026-11-01',
      effectiveOn: '2027-01-01',
      status: '现行',
      content: '<h2>一、登记要求</h2><p>药用辅料登记人应当……</p>',
      state: 'published',
      publishAt: null,
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/regulation', headers: editor.headers, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const regulation = parsed(created, AdminRegulation);
    const shown = parsed(await t.app.inject({ method: 'GET', url: `/api/app/regulation/${regulation.id}` }), RegulationDetail);
    expect(shown).toMatchObject({ issuer: '国家药品监督管理局', docNumber: '2026年第18号', issuedOn: '2026-11-01', effectiveOn: '2027-01-01', status: '现行' });

    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/regulation/${regulation.id}`,
      headers: editor.headers,
      payload: { ...body, state: 'draft' },
    });
    expect(parsed(withdrawn, AdminRegulation).state).toBe('draft');
    expect((await t.app.inject({ method: 'GET', url: `/api/app/regulation/${regulation.id}` })).statusCode).toBe(404);
  });
});
