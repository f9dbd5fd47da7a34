import { z } from 'zod';
import { Id } from './common.js';
import { ROW_OWNERS } from './constants/company.js';

/** Whose a row is: `personal` (the caller's own) or `company` (the caller's company's, shared by role). */
export const RowOwner = z.enum(ROW_OWNERS).describe('personal 个人 · company 企业（本企业成员按角色共用）');

/** The parts of an address or invoice title that say whose it is, and whether the caller may change it. */
export const rowOwnership = {
  owner: RowOwner,
  companyId: z.number().int().nullable().describe('企业的地址或抬头：所属企业'),
  companyName: z.string().nullable(),
  canManage: z.boolean().describe('调用者能否修改、删除它（企业的：按角色）'),
};

/** In a create body: the caller's company, to add the row to the company's (by role); absent for one's own. */
export const CompanyIdField = Id.optional().describe('新增为本企业的（须为本企业相应角色）；不填为个人的');

/** Whose rows a list shows: the caller's own, or (for the company's 管理员) those its members made while members. */
export const ListScope = z
  .enum(['mine', 'company'])
  .optional()
  .describe('mine 我的（默认）· company 本企业成员的（仅企业管理员，只读）');
export type ListScope = z.infer<typeof ListScope>;

/** In a list read with `scope=company`: the member who made the row; null in one's own list. */
export const MemberNameField = z.string().nullable().describe('scope=company 时：提交的成员；我的列表中为 null');
