import { z } from 'zod';
import { text } from './text.js';
import { REGISTRATION_COUNT_CAP, REGISTRATION_TYPES, REVIEW_STATUSES } from './constants/information.js';
import { IsoDate, Locked } from './access.js';
import { PageQuery, pageOf } from './common.js';
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
 * Lists of registration records with a keyword or filter count their matches up to this many: a
 * `totalCount` equal to it means "at least that many" (shown as 1,000+). Counting reads every counted
 * match, the expensive part of a search at a million records (docs/decisions/0008). Without any filter
 * the count is every record, the number /database and the home page show. Pages past the cap are
 * answered empty either way.
 */

export const RegistrationSort = z
  .enum(['updated_desc', 'updated_asc', 'regno_asc', 'regno_desc', 'relevance'])
  .describe(
    'relevance（需 keyword）：品种名称与关键词完全相同的在前，其次以关键词开头的，再按更新日期新的在前；' +
      `匹配超过 ${REGISTRATION_COUNT_CAP} 条时，在计入的 ${REGISTRATION_COUNT_CAP} 条中排序`,
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
});
export type RegistrationQuery = z.infer<typeof RegistrationQuery>;

export const RegistrationPage = pageOf(RegistrationSummary).meta({
  id: 'RegistrationPage',
  description:
    `无关键词和筛选条件时 totalCount 为全部记录数（与数据库列表、首页所示相同）；有关键词或筛选条件时最多数到 ${REGISTRATION_COUNT_CAP}` +
    `（等于它时表示“${REGISTRATION_COUNT_CAP} 条以上”）。列表只提供前 ${REGISTRATION_COUNT_CAP} 条，超出部分的页返回空列表`,
});
export type RegistrationPage = z.infer<typeof RegistrationPage>;


