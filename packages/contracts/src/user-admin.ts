import { z } from 'zod';
import { IsoDate } from './access.js';
import { Sex, StaffRole } from './account.js';
import { PageQuery } from './common.js';
import { text } from './text.js';
import { ApplicationStatus } from './sample.js';

/*
 * The users desk (administrators): users, their staff roles, their paid access.
 */

export const USER_FILTERS = ['all', 'member', 'staff', 'paying', 'disabled'] as const;

export const AdminUserQuery = PageQuery.extend({
  keyword: text().trim().max(50, '关键词最多 50 个字').optional().describe('Account, name or nickname'),
  filter: z.enum(USER_FILTERS).default('all').describe('all 全部 · member 普通用户（非工作人员） · staff 工作人员 · paying 付费用户（持有会员或数据库订阅） · disabled 已停用'),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUserSummary = z
  .object({
    id: z.number().int(),
    account: z.string(),
    name: z.string(),
    nickName: z.string(),
    roles: z.array(StaffRole),
    memberUntil: z.iso.datetime({ offset: true }).nullable().describe('Paid access until then; null: none'),
    disabled: z.boolean(),
    deleted: z.boolean().describe('The user deleted the account (注销)'),
    createdAt: z.iso.datetime({ offset: true }),
    applicationCount: z.number().int(),
  })
  .meta({ id: 'AdminUserSummary' });
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUserPage = z
  .object({ items: z.array(AdminUserSummary), totalCount: z.number().int() })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof AdminUserPage>;

export const AdminUserApplication = z.object({
  id: z.number().int(),
  number: z.string(),
  status: ApplicationStatus,
  itemCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const AdminUser = AdminUserSummary.extend({
  sex: Sex,
  consentedAt: z.iso.datetime({ offset: true }).nullable(),
  applications: z.array(AdminUserApplication).describe('The latest 20 sample applications'),
}).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

/** Changes to a user; each given field is changed and recorded in the audit log. */
export const AdminUserUpdateBody = z
  .object({
    disabled: z.boolean().optional().describe('true: the account cannot sign in and its sessions end'),
    roles: z.array(StaffRole).max(4).optional().describe('The staff roles the user holds; [] makes a staff member a plain member'),
    memberUntil: IsoDate.nullable()
      .optional()
      .describe('Paid access until the end of this day (Beijing time), e.g. for an offline contract; null ends it'),
    reason: text().trim().max(200, '备注最多 200 个字').optional().describe('Recorded in the audit log'),
  })
  .refine((b) => b.disabled !== undefined || b.roles !== undefined || b.memberUntil !== undefined, '请至少修改一项')
  .meta({ id: 'AdminUserUpdateBody' });
export type AdminUserUpdateBody = z.infer<typeof AdminUserUpdateBody>;
