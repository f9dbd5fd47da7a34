import { z } from 'zod';
import { PLAN_KINDS, PLAN_MAX_PRICE_FEN } from './constants/information.js';
import { DatabaseCode } from './reference.js';
import { text } from './text.js';

export const PlanKind = z.enum(PLAN_KINDS);
export type PlanKind = z.infer<typeof PlanKind>;

/**
 * One thing a plan unlocks, as a comparison: what a signed-in user without it sees, and what its holder
 * sees besides. A plan on sale unlocks at least one thing (the plan desk refuses one that unlocks nothing).
 */
export const PlanUnlock = z
  .object({
    database: DatabaseCode.nullable().describe('解锁的数据库；null 为会员资料下载'),
    name: z.string().describe('数据库名称，或“会员资料下载”'),
    count: z.number().int().describe('数据库的记录数，或会员资料的份数'),
    signedIn: z.array(z.string()).describe('登录但未开通的用户可见的字段（整库会员可见时为空）'),
    unlocked: z.array(z.string()).describe('开通后才可见的字段或资料'),
  })
  .meta({ id: 'PlanUnlock' });
export type PlanUnlock = z.infer<typeof PlanUnlock>;

/** A plan on sale, as members see it. */
export const Plan = z
  .object({
    id: z.number().int(),
    kind: PlanKind,
    name: z.string(),
    priceFen: z.number().int().describe('价格（分）'),
    days: z.number().int().describe('有效天数'),
    databaseCode: DatabaseCode.optional().describe('数据库订阅：哪个数据库'),
    seats: z.number().int().optional().describe('企业会员：账号数'),
    description: z.string(),
    unlocks: z.array(PlanUnlock).describe('开通后可见而此前不可见的内容'),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlanList = z.object({ items: z.array(Plan) }).meta({ id: 'PlanList' });
export type PlanList = z.infer<typeof PlanList>;

/** A plan on the plan desk. */
export const PlanBody = z
  .object({
    kind: PlanKind,
    name: text().trim().min(1, '请填写名称').max(40, '名称不能超过 40 个字'),
    priceFen: z
      .number({ error: '请填写价格' })
      .int('价格以分计，应为整数')
      .min(1, '价格至少 1 分')
      .max(PLAN_MAX_PRICE_FEN, `价格不能超过 ${PLAN_MAX_PRICE_FEN / 100} 元`),
    days: z.number({ error: '请填写有效天数' }).int('有效天数应为整数').min(1, '有效天数至少 1 天').max(3660, '有效天数不能超过 3660 天'),
    databaseCode: DatabaseCode.nullable().describe('数据库订阅必填；会员为 null'),
    seats: z.number().int('账号数应为整数').min(1, '账号数至少为 1').max(1000, '账号数不能超过 1000').nullable().describe('企业会员的账号数；个人为 null'),
    description: text().trim().max(300, '说明不能超过 300 个字'),
    onSale: z.boolean(),
    sortOrder: z.number().int().min(0).max(999),
  })
  .superRefine((plan, ctx) => {
    if (plan.kind === 'database' && !plan.databaseCode) ctx.addIssue({ code: 'custom', path: ['databaseCode'], message: '数据库订阅请选择数据库' });
    if (plan.kind === 'membership' && plan.databaseCode) ctx.addIssue({ code: 'custom', path: ['databaseCode'], message: '会员不对应某一个数据库' });
    if (plan.kind === 'database' && plan.seats) ctx.addIssue({ code: 'custom', path: ['seats'], message: '数据库订阅按账号购买，不设账号数' });
  })
  .meta({ id: 'PlanBody' });
export type PlanBody = z.infer<typeof PlanBody>;

export const AdminPlan = z
  .object({
    id: z.number().int(),
    kind: PlanKind,
    name: z.string(),
    priceFen: z.number().int(),
    days: z.number().int(),
    databaseCode: DatabaseCode.nullable(),
    seats: z.number().int().nullable(),
    description: z.string(),
    onSale: z.boolean(),
    sortOrder: z.number().int(),
    updatedAt: z.string(),
    unlocks: z.array(PlanUnlock).describe('开通后可见而此前不可见的内容；为空的方案不能在售'),
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminPlanList = z.object({ items: z.array(AdminPlan) }).meta({ id: 'AdminPlanList' });
export type AdminPlanList = z.infer<typeof AdminPlanList>;
