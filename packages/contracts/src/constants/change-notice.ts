/*
 * Change notices (变更通知): the supplier tells the companies tied to a product of a change to it, per
 * 《药品上市后变更管理办法（试行）》 and IPEC's Significant Change Guide,
 * docs/decisions/0072-change-notices.md.
 */

/** What changed. */
export const CHANGE_NOTICE_KINDS = ['site', 'process', 'specification', 'packaging', 'source', 'other'] as const;
export type ChangeNoticeKindName = (typeof CHANGE_NOTICE_KINDS)[number];
export const changeNoticeKindLabels: Record<ChangeNoticeKindName, string> = {
  site: '生产场地',
  process: '生产工艺',
  specification: '质量标准',
  packaging: '包装材料',
  source: '原料来源',
  other: '其他',
};

/** The class of the change (重大/中等/微小变更, as the 变更管理办法 sorts them). */
export const CHANGE_IMPACT_LEVELS = ['major', 'moderate', 'minor'] as const;
export type ChangeImpactLevelName = (typeof CHANGE_IMPACT_LEVELS)[number];
export const changeImpactLevelLabels: Record<ChangeImpactLevelName, string> = {
  major: '重大变更',
  moderate: '中等变更',
  minor: '微小变更',
};

export const CHANGE_NOTICE_STATES = ['draft', 'published', 'withdrawn'] as const;
export type ChangeNoticeStateName = (typeof CHANGE_NOTICE_STATES)[number];
export const changeNoticeStateLabels: Record<ChangeNoticeStateName, string> = {
  draft: '草稿',
  published: '已发布',
  withdrawn: '已撤回',
};

/** Why a person received a notice: their (or their company's) tie to the product. */
export const CHANGE_NOTICE_REASONS = ['sampled', 'quoted', 'bought', 'favorite', 'document_holder'] as const;
export type ChangeNoticeReasonName = (typeof CHANGE_NOTICE_REASONS)[number];
export const changeNoticeReasonLabels: Record<ChangeNoticeReasonName, string> = {
  sampled: '申请过样品',
  quoted: '询过价',
  bought: '采购过',
  favorite: '收藏关注',
  document_holder: '持有授权使用书',
};

/** The company roles reached with a member of their company. */
export const CHANGE_NOTICE_COMPANY_ROLES = ['admin', 'quality', 'purchasing'] as const;
/** Days after publication before the one reminder goes to those who have not acknowledged (by default). */
export const CHANGE_NOTICE_REMINDER_DAYS = 14;
export const CHANGE_NOTICE_DOCUMENTS_MAX = 10;
export const CHANGE_NOTICE_FILE_MAX_BYTES = 20 * 1024 * 1024;
