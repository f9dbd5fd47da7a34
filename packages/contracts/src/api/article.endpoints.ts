import { z } from 'zod';
import {
  AdminArticlePage,
  AdminArticleQuery,
  AdminNews,
  AdminRegulation,
  ArticleImageUpload,
  NewsBody,
  RegulationBody,
} from '../article-admin.js';
import { NewsDetail, NewsPage, NewsQuery, RegulationDetail, RegulationPage, RegulationQuery } from '../article.js';
import { IdParams } from '../common.js';
import { text } from '../text.js';
import { ARTICLE_IMAGE_MAX_BYTES } from '../constants/information.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const DESK_TAG = '文章管理';
const editor = { staff: ['editor'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const editorReads = deskReads('editor');
/** Articles the desk may rewrite: others than the ones the other fixtures read. */
const newsRow = { kind: 'newsArticle', owner: false } as const;
const regulationRow = { kind: 'regulationArticle', owner: false } as const;

const exampleContent =
  '<h2>一、适用范围</h2><p>本文介绍<strong>微晶纤维素</strong>在直压片中的用量。</p>' +
  '<table><tbody><tr><th>型号</th><th>粒径（μm）</th></tr><tr><td>PH101</td><td>50</td></tr></tbody></table>';
const exampleNews = {
  title: '微晶纤维素在直压片中的应用（示例）',
  category: '技术文章',
  source: '辅料通',
  publishedOn: '2026-11-20',
  summary: '直压工艺中微晶纤维素的型号选择与用量。',
  content: exampleContent,
  state: 'draft',
  publishAt: null,
} as const;
const exampleRegulation = {
  title: '关于药用辅料登记资料要求的公告（示例）',
  issuer: '国家药品监督管理局',
  docNumber: '2026年第1号',
  category: '规范性文件',
  issuedOn: '2026-11-20',
  effectiveOn: null,
  status: '现行',
  content: exampleContent,
  state: 'draft',
  publishAt: null,
} as const;

/**
 * Articles: regulations (法规) and news (资讯) as the public reads them, the images of their text, and
 * the articles desk (editors) — drafts, scheduled and published.
 */
export const articleEndpoints = {
  regulationList: {
    access: 'public',
    shared: true,
    tag: '法规',
    summary: '法规列表（关键词、类别、状态、发布日期；新的在前）',
    query: RegulationQuery,
    responses: { 200: RegulationPage },
  },
  regulationGet: {
    access: 'optional',
    shared: true,
    tag: '法规',
    summary: '法规全文',
    params: IdParams,
    responses: { 200: RegulationDetail },
    rows: { kind: 'regulation', owner: false },
  },
  newsList: {
    access: 'public',
    shared: true,
    tag: '资讯',
    summary: '资讯列表（关键词、栏目；新的在前）',
    query: NewsQuery,
    responses: { 200: NewsPage },
  },
  newsGet: {
    access: 'optional',
    shared: true,
    tag: '资讯',
    summary: '资讯全文',
    params: IdParams,
    responses: { 200: NewsDetail },
    rows: { kind: 'news', owner: false },
  },

  articleImage: {
    access: 'public',
    tag: '资讯与法规',
    summary: '文章正文中的图片（公开）',
    params: z.object({ name: text().regex(/^[\w-]+\.(png|jpg|webp)$/, '图片名称不正确') }),
    responses: { 200: z.string().describe('PNG、JPEG 或 WebP 图片') },
    responseFormat: 'binary',
    rows: { kind: 'articleImage', owner: false },
  },

  adminNewsList: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '资讯列表（含草稿和定时发布），按标题搜索、按状态筛选，最近修改的在前',
    query: AdminArticleQuery,
    responses: { 200: AdminArticlePage },
  },
  adminNewsGet: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '一篇资讯的全部内容',
    params: IdParams,
    responses: { 200: AdminNews },
    rows: newsRow,
  },
  adminNewsCreate: {
    access: editor,
    tag: DESK_TAG,
    summary: '新建资讯（草稿、立即发布或定时发布）',
    body: NewsBody,
    responses: { 201: AdminNews },
    example: { body: exampleNews },
  },
  adminNewsUpdate: {
    access: editor,
    tag: DESK_TAG,
    summary: '修改资讯：保存后公开页面立即更新，改为草稿即撤下；修改前后的值记入操作日志',
    params: IdParams,
    body: NewsBody,
    responses: { 200: AdminNews },
    rows: newsRow,
    example: { body: exampleNews },
  },
  adminRegulationList: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '法规列表（含草稿和定时发布），按标题搜索、按状态筛选，最近修改的在前',
    query: AdminArticleQuery,
    responses: { 200: AdminArticlePage },
  },
  adminRegulationGet: {
    access: editorReads,
    tag: DESK_TAG,
    summary: '一篇法规的全部内容',
    params: IdParams,
    responses: { 200: AdminRegulation },
    rows: regulationRow,
  },
  adminRegulationCreate: {
    access: editor,
    tag: DESK_TAG,
    summary: '新建法规（发布机构、文号、日期、效力状态与全文）',
    body: RegulationBody,
    responses: { 201: AdminRegulation },
    example: { body: exampleRegulation },
  },
  adminRegulationUpdate: {
    access: editor,
    tag: DESK_TAG,
    summary: '修改法规：保存后公开页面立即更新，改为草稿即撤下；修改前后的值记入操作日志',
    params: IdParams,
    body: RegulationBody,
    responses: { 200: AdminRegulation },
    rows: regulationRow,
    example: { body: exampleRegulation },
  },
  adminArticleImageUpload: {
    access: editor,
    tag: DESK_TAG,
    summary: `上传正文图片（multipart/form-data，字段 file；PNG、JPEG 或 WebP，最大 ${ARTICLE_IMAGE_MAX_BYTES / 1024 / 1024} MB，按文件内容检查）`,
    bodyFormat: 'multipart',
    body: z.object({ file: z.string().describe('图片文件（binary）') }),
    responses: { 201: ArticleImageUpload },
    errors: [413, 415],
  },
} as const satisfies Record<string, EndpointSpec>;
