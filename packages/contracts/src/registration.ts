import { z } from 'zod';
import { text } from './text.js';
import { REGISTRATION_COUNT_CAP, REGISTRATION_EXACT_COUNT, REGISTRATION_TYPES, REVIEW_STATUSES } from './constants/information.js';
import { IsoDate, Locked } from './access.js';
import { PageQuery } from './common.js';
import { RegistrationWatchState } from './registration-watch.js';

export const RegistrationType = z.enum(REGISTRATION_TYPES);
/** 与制剂共同审评审批结果: A 已批准在上市制剂使用, I 尚未通过与制剂共同审评审批. */
export const ReviewStatus = z.enum(REVIEW_STATUSES);


/** The fields everyone sees. */
export const RegistrationSummary = z
  .object({
    id: z.number().int(),
    regNo: z.string().describe('登记号'),
    name: z.string().describe('品种名称'),
    company: z.string().describe('企业名称'),
    province: z.string().describe('省份（进口为国家或地区）'),
    type: RegistrationType,
    reviewStatus: ReviewStatus,
    updatedOn: IsoDate.describe('更新日期'),
  })
  .meta({ id: 'RegistrationSummary' });
export type RegistrationSummary = z.infer<typeof RegistrationSummary>;

/** A record with its gated fields: left out (and named in `locked`) when the caller may not see them. */
export const RegistrationDetail = RegistrationSummary.extend({
  source: z.string().describe('产品来源：国产 / 进口'),
  companyAddress: z.string().optional().describe('企业地址（登录可见）'),
  spec: z.string().optional().describe('规格（登录可见）'),
  packageSpec: z.string().optional().describe('包装规格（登录可见）'),
  remark: z.string().optional().describe('备注（会员可见）'),
  locked: z.array(Locked),
  excipientId: z.number().int().nullable().describe('The catalogue product of this record, if any'),
  favoriteId: z.number().int().nullable(),
  watch: RegistrationWatchState,
}).meta({ id: 'RegistrationDetail' });
export type RegistrationDetail = z.infer<typeof RegistrationDetail>;

/**
 * The order of a registration list. Every order can be continued from a cursor (`nextCursor` → `after`):
 * relevance puts the records whose name is the keyword first, then those whose name starts with it,
 * then every other match, newest first within each, over all matches (docs/decisions/0076).
 */
export const RegistrationSort = z
  .enum(['updated_desc', 'updated_asc', 'regno_asc', 'regno_desc', 'relevance'])
  .describe(
    'relevance（需 keyword）：在全部匹配记录中，品种名称与关键词完全相同的在前，其次以关键词开头的，再按更新日期新的在前',
  );

export const RegistrationQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional().describe('登记号、品种名称或企业名称'),
  type: RegistrationType.optional(),
  status: ReviewStatus.optional(),
  province: text().trim().max(20).optional(),
  company: text().trim().max(50, '企业名称最多 50 个字').optional(),
  updatedFrom: IsoDate.optional(),
  updatedTo: IsoDate.optional(),
  sort: RegistrationSort.default('updated_desc'),
  after: z
    .string()
    .max(300, '翻页位置无效，请回到第一页')
    .regex(/^[A-Za-z0-9_-]+$/, '翻页位置无效，请回到第一页')
    .optional()
    .describe('上一页返回的 nextCursor：从它之后接着列出（此时不看 page）'),
});
export type RegistrationQuery = z.infer<typeof RegistrationQuery>;

export const RegistrationPage = z
  .object({
    items: z.array(RegistrationSummary),
    totalCount: z.number().int().min(0),
    totalExact: z.boolean().describe(`totalCount 是否为精确数：不超过 ${REGISTRATION_EXACT_COUNT} 条时精确，超过时为估计数（页面显示“约”）`),
    nextCursor: z.string().nullable().describe('下一页的位置（传给 after）；没有下一页时为 null'),
  })
  .meta({
    id: 'RegistrationPage',
    description:
      `无关键词和筛选条件时 totalCount 为全部记录数（与数据库列表、首页所示相同）。有关键词或筛选条件时，不超过 ${REGISTRATION_EXACT_COUNT} 条的总数是精确的，` +
      `超过时为误差在 5% 以内的估计数（totalExact 为 false）。按页码（page）可到前 ${REGISTRATION_COUNT_CAP} 条，` +
      '更后面的页用 nextCursor 接着翻，每一页一样快',
  });
export type RegistrationPage = z.infer<typeof RegistrationPage>;
