import { z } from 'zod';
import { PLAN_KINDS, PLAN_MAX_PRICE_FEN } from './constants/information.js';
import { DatabaseCode } from './reference.js';
import { text } from './text.js';

export const PlanKind = z.enum(PLAN_KINDS);
export type PlanKind = z.infer<typeof PlanKind>;

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
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminPlanList = z.object({ items: z.array(AdminPlan) }).meta({ id: 'AdminPlanList' });
export type AdminPlanList = z.infer<typeof AdminPlanList>;
