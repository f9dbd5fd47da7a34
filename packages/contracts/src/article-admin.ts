import { z } from 'zod';
import { IsoDate } from './access.js';
import { RegulationStatus } from './article.js';
import { PageQuery, pageOf } from './common.js';
import { ARTICLE_CONTENT_MAX_LENGTH, ARTICLE_STATES, NEWS_CATEGORIES, REGULATION_CATEGORIES } from './constants/information.js';
import { text } from './text.js';

const line = (label: string, max: number) =>
  text()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字`);
const required = (label: string, max: number) => line(label, max).min(1, `请填写${label}`);

export const ArticleState = z.enum(ARTICLE_STATES);
export type ArticleState = z.infer<typeof ArticleState>;

/** A time with its offset, e.g. 2026-12-01T09:00:00+08:00. */
const Instant = z.iso.datetime({ offset: true, error: '时间格式应为 ISO 8601，如 2026-12-01T09:00:00+08:00' });

/**
 * draft 草稿 (only editors see it) · published 已发布 (now) · scheduled 定时发布 (appears by itself at
 * `publishAt`, which must then be in the future).
 */
const Publication = {
  state: ArticleState,
  publishAt: Instant.nullable().describe('定时发布的时间（state 为 scheduled 时必填）'),
};

const content = text()
  .max(ARTICLE_CONTENT_MAX_LENGTH, `正文不能超过 ${ARTICLE_CONTENT_MAX_LENGTH.toLocaleString('en-US')} 个字符`)
  .describe('正文 HTML：只保留允许的标签（段落、标题、列表、表格、链接、本站上传的图片）；来自其他网站的图片会被拒绝');

function scheduledNeedsTime(body: { state: ArticleState; publishAt: string | null }, ctx: z.RefinementCtx) {
  if (body.state === 'scheduled' && !body.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: '定时发布请选择发布时间' });
}

export const AdminArticleQuery = PageQuery.extend({
  keyword: line('关键词', 50).optional().describe('标题'),
  state: ArticleState.optional(),
});
export type AdminArticleQuery = z.infer<typeof AdminArticleQuery>;

/** A row of the articles desk's lists (news or regulations). */
export const AdminArticleSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    date: IsoDate.describe('资讯的发布日期或法规的发布日期'),
    state: ArticleState,
    publishAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminArticleSummary' });
export type AdminArticleSummary = z.infer<typeof AdminArticleSummary>;
export const AdminArticlePage = pageOf(AdminArticleSummary).meta({ id: 'AdminArticlePage' });
export type AdminArticlePage = z.infer<typeof AdminArticlePage>;

export const NewsBody = z
  .object({
    title: required('标题', 100),
    category: z.enum(NEWS_CATEGORIES, { error: '请选择栏目' }),
    source: required('来源', 50),
    publishedOn: IsoDate.describe('页面上显示的发布日期'),
    summary: required('摘要', 300),
    content,
    ...Publication,
  })
  .superRefine(scheduledNeedsTime)
  .meta({ id: 'NewsBody' });
export type NewsBody = z.infer<typeof NewsBody>;

export const AdminNews = z
  .object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    source: z.string(),
    publishedOn: IsoDate,
    summary: z.string(),
    content: z.string(),
    state: ArticleState,
    publishAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminNews' });
export type AdminNews = z.infer<typeof AdminNews>;

export const RegulationBody = z
  .object({
    title: required('标题', 150),
    issuer: required('发布机构', 50),
    docNumber: line('文号', 60).nullable(),
    category: z.enum(REGULATION_CATEGORIES, { error: '请选择类别' }),
    issuedOn: IsoDate.describe('发布日期'),
    effectiveOn: IsoDate.nullable().describe('实施日期'),
    status: RegulationStatus.describe('效力状态'),
    content,
    ...Publication,
  })
  .superRefine(scheduledNeedsTime)
  .meta({ id: 'RegulationBody' });
export type RegulationBody = z.infer<typeof RegulationBody>;

export const AdminRegulation = z
  .object({
    id: z.number().int(),
    title: z.string(),
    issuer: z.string(),
    docNumber: z.string().nullable(),
    category: z.string(),
    issuedOn: IsoDate,
    effectiveOn: IsoDate.nullable(),
    status: RegulationStatus,
    content: z.string(),
    state: ArticleState,
    publishAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminRegulation' });
export type AdminRegulation = z.infer<typeof AdminRegulation>;

export const ArticleImageUpload = z
  .object({ url: z.string().describe('图片地址（站内路径），写入正文的 img src') })
  .meta({ id: 'ArticleImageUpload' });
export type ArticleImageUpload = z.infer<typeof ArticleImageUpload>;
