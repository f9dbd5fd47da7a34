import { z } from 'zod';
import { IsoDate } from './access.js';
import { Id, PageQuery, PathId, pageOf } from './common.js';
import { CHANGE_IMPACT_LEVELS, CHANGE_NOTICE_DOCUMENTS_MAX, CHANGE_NOTICE_KINDS, CHANGE_NOTICE_REASONS, CHANGE_NOTICE_STATES } from './constants/change-notice.js';
import { text } from './text.js';

/* ---------------------------------------------------------------------------------------------
 * Change notices (变更通知): the quality staff tell every company tied to a product (samples, price
 * requests, orders, favorites, an approved 授权使用书) of a change to it — what changed, its class
 * under 《药品上市后变更管理办法（试行）》, the impact, the effective date and documents. Each person
 * reached acknowledges (确认已阅); the staff see who has not and a reminder goes once after a set time.
 * Never public: see docs/decisions/0072-change-notices.md.
 * ------------------------------------------------------------------------------------------- */

export const ChangeNoticeKind = z.enum(CHANGE_NOTICE_KINDS).describe('site 生产场地 · process 生产工艺 · specification 质量标准 · packaging 包装材料 · source 原料来源 · other 其他');
export type ChangeNoticeKind = z.infer<typeof ChangeNoticeKind>;
export const ChangeImpactLevel = z.enum(CHANGE_IMPACT_LEVELS).describe('major 重大变更 · moderate 中等变更 · minor 微小变更');
export type ChangeImpactLevel = z.infer<typeof ChangeImpactLevel>;
export const ChangeNoticeState = z.enum(CHANGE_NOTICE_STATES).describe('draft 草稿 · published 已发布 · withdrawn 已撤回');
export type ChangeNoticeState = z.infer<typeof ChangeNoticeState>;
export const ChangeNoticeReason = z.enum(CHANGE_NOTICE_REASONS).describe('sampled 申请过样品 · quoted 询过价 · bought 采购过 · favorite 收藏关注 · document_holder 持有授权使用书');
export type ChangeNoticeReason = z.infer<typeof ChangeNoticeReason>;

const line = (label: string, max: number) => text().trim().min(1, `请填写${label}`).max(max, `${label}不能超过 ${max} 个字`);

/** A document attached to a notice (PDF), by its place in the list (1, 2 …). */
export const ChangeNoticeDocument = z.object({
  n: z.number().int().describe('序号（下载地址中的 n）'),
  name: z.string().describe('文件名'),
  size: z.number().int().describe('字节数'),
});
export type ChangeNoticeDocument = z.infer<typeof ChangeNoticeDocument>;

const noticeFields = {
  id: z.number().int(),
  number: z.string().describe('通知编号（BG 开头）'),
  excipient: z.object({ id: z.number().int().nullable(), name: z.string() }),
  kind: ChangeNoticeKind,
  title: z.string(),
  description: z.string().describe('变更内容'),
  impactLevel: ChangeImpactLevel,
  impact: z.string().describe('对产品质量与客户制剂的影响评估'),
  effectiveOn: z.string().describe('生效日期（YYYY-MM-DD）'),
  documents: z.array(ChangeNoticeDocument),
  status: ChangeNoticeState,
  publishedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string().nullable(),
};

/** A notice as a person it reached sees it, with their reasons and their acknowledgement. */
export const ChangeNotice = z
  .object({
    ...noticeFields,
    reasons: z.array(ChangeNoticeReason).describe('收到通知的原因（本人或本企业与该产品的关联）'),
    acknowledgedAt: z.string().nullable().describe('本人确认已阅的时间；未确认为 null'),
  })
  .meta({ id: 'ChangeNotice' });
export type ChangeNotice = z.infer<typeof ChangeNotice>;

export const ChangeNoticePage = pageOf(ChangeNotice)
  .extend({ unacknowledged: z.number().int().describe('尚未确认的通知数') })
  .meta({ id: 'ChangeNoticePage' });
export type ChangeNoticePage = z.infer<typeof ChangeNoticePage>;
export const ChangeNoticeQuery = PageQuery.extend({ pending: z.enum(['true', 'false']).optional().describe('true：只看尚未确认的') });
export type ChangeNoticeQuery = z.infer<typeof ChangeNoticeQuery>;

export const ChangeNoticeDocumentParams = z.object({ id: PathId, n: PathId.describe('附件序号（1 起）') });

// ——— the desk ———

export const ChangeNoticeBody = z
  .object({
    excipientId: Id.describe('产品 id'),
    kind: ChangeNoticeKind,
    title: line('标题', 80),
    description: line('变更内容', 4000),
    impactLevel: ChangeImpactLevel,
    impact: line('影响评估', 2000),
    effectiveOn: IsoDate.describe('生效日期'),
    reminderAfterDays: z.number().int().min(1, '提醒天数至少为 1 天').max(180, '提醒天数不能超过 180 天').default(14).describe('发布后多少天仍未确认的收件人收到一次提醒（默认 14 天）'),
    keepDocuments: z.array(z.number().int().min(1)).max(CHANGE_NOTICE_DOCUMENTS_MAX).optional().describe('修改时保留的附件序号（按此顺序）；不填则附件不变'),
  })
  .meta({ id: 'ChangeNoticeBody' });
export type ChangeNoticeBody = z.infer<typeof ChangeNoticeBody>;
export type ChangeNoticeInput = z.input<typeof ChangeNoticeBody>;

export const ChangeNoticeWithdrawBody = z.object({ reason: line('撤回原因', 500) }).meta({ id: 'ChangeNoticeWithdrawBody' });
export type ChangeNoticeWithdrawBody = z.infer<typeof ChangeNoticeWithdrawBody>;

/** How many the notice reached and how many acknowledged. */
export const ChangeNoticeCounts = z.object({
  recipients: z.number().int(),
  acknowledged: z.number().int(),
  reminded: z.number().int().describe('已收到提醒的人数'),
});

export const AdminChangeNotice = z
  .object({
    ...noticeFields,
    reminderAfterDays: z.number().int(),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    counts: ChangeNoticeCounts,
  })
  .meta({ id: 'AdminChangeNotice' });
export type AdminChangeNotice = z.infer<typeof AdminChangeNotice>;

export const AdminChangeNoticePage = pageOf(AdminChangeNotice).meta({ id: 'AdminChangeNoticePage' });
export type AdminChangeNoticePage = z.infer<typeof AdminChangeNoticePage>;
export const AdminChangeNoticeQuery = PageQuery.extend({
  status: ChangeNoticeState.optional(),
  keyword: text().trim().max(60).optional().describe('通知编号、标题或产品名称的一部分'),
});
export type AdminChangeNoticeQuery = z.infer<typeof AdminChangeNoticeQuery>;

/** A person the notice reached, as the acknowledgement report lists them. */
export const ChangeNoticeRecipient = z.object({
  userId: z.number().int(),
  name: z.string(),
  account: z.string().describe('账号（脱敏）'),
  reasons: z.array(ChangeNoticeReason),
  notifiedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
});

/** Who acknowledged and who has not, per company (people without a company last, as 个人). */
export const ChangeNoticeReport = z
  .object({
    counts: ChangeNoticeCounts,
    companies: z.array(
      z.object({
        companyId: z.number().int().nullable(),
        company: z.string().describe('企业名称；个人用户为“个人”'),
        acknowledged: z.number().int(),
        recipients: z.array(ChangeNoticeRecipient),
      }),
    ),
  })
  .meta({ id: 'ChangeNoticeReport' });
export type ChangeNoticeReport = z.infer<typeof ChangeNoticeReport>;

export const ChangeNoticeRemindResult = z.object({ reminded: z.number().int().describe('本次提醒的人数') }).meta({ id: 'ChangeNoticeRemindResult' });
export type ChangeNoticeRemindResult = z.infer<typeof ChangeNoticeRemindResult>;
