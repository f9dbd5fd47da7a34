import { z } from 'zod';
import { GRANT_SOURCES, GRANT_STATES } from './constants/commerce.js';
import { PlanKind } from './plan.js';
import { AccountName } from './account.js';
import { DatabaseCode } from './reference.js';

export const GrantSource = z.enum(GRANT_SOURCES).describe('order 订单 · staff 工作人员开通');
export type GrantSource = z.infer<typeof GrantSource>;
export const GrantState = z.enum(GRANT_STATES).describe('active 生效中 · upcoming 未开始 · lapsed 已到期 · ended 已终止');
export type GrantState = z.infer<typeof GrantState>;

/** One grant of paid access, as its holder sees it on the account page. */
export const Grant = z
  .object({
    id: z.number().int(),
    kind: PlanKind,
    databaseCode: DatabaseCode.nullable().describe('数据库订阅：哪个数据库；会员为 null（全部数据库）'),
    name: z.string(),
    seats: z.number().int().nullable().describe('企业会员的账号数'),
    source: GrantSource,
    state: GrantState,
    startsAt: z.string(),
    endsAt: z.string(),
    shared: z.boolean().describe('true：作为企业会员的成员账号享有'),
    seatHolders: z
      .array(z.object({ userId: z.number().int(), account: z.string().describe('脱敏账号') }))
      .describe('企业会员的持有人可见：已分配的成员账号（不含持有人自己）'),
  })
  .meta({ id: 'Grant' });
export type Grant = z.infer<typeof Grant>;

/** What the signed-in user may see now, and every grant they held or hold. */
export const GrantList = z
  .object({
    member: z.boolean().describe('当前是否为会员（会员可见字段全部可见）'),
    databases: z.array(DatabaseCode).describe('当前可查看会员字段的数据库'),
    items: z.array(Grant),
  })
  .meta({ id: 'GrantList' });
export type GrantList = z.infer<typeof GrantList>;

/** Gives a seat of a company membership to another account (by its mobile number or e-mail). */
export const GrantSeatBody = z.object({ account: AccountName }).meta({ id: 'GrantSeatBody' });
export type GrantSeatBody = z.infer<typeof GrantSeatBody>;
