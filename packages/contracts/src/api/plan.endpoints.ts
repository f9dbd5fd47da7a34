import { IdParams } from '../common.js';
import { z } from 'zod';
import { GrantList, GrantSeatBody } from '../grant.js';
import { AdminPlan, AdminPlanList, PlanBody, PlanList } from '../plan.js';
import { deskReads, type EndpointSpec } from './endpoint.js';

const finance = { staff: ['finance'] } as const;
/** Reads of the desk: its own role, and administrators (who read every desk). */
const financeReads = deskReads('finance');
/** A plan the desk may rewrite: another than the ones the other fixtures read. */
const planRow = { kind: 'plan', owner: false } as const;
const example = {
  kind: 'membership',
  name: '专业会员 季卡（示例）',
  priceFen: 59_800,
  days: 90,
  databaseCode: null,
  seats: null,
  description: '全部数据库的会员字段，90 天。',
  onSale: false,
  sortOrder: 50,
} as const;

/** What is for sale (members read it; finance keeps it on the plan desk). */
export const planEndpoints = {
  planList: {
    access: 'public',
    shared: true,
    tag: '会员与订阅',
    summary: '在售的会员与数据库订阅（价格以分计），每个方案列出开通后可见而登录用户此前看不到的内容',
    responses: { 200: PlanList },
  },
  grantList: {
    access: 'user',
    tag: '会员与订阅',
    summary: '我的会员与数据库订阅：当前可查看的数据库，以及生效中、未开始、已到期和已终止的权益',
    responses: { 200: GrantList },
  },
  grantSeatAdd: {
    access: 'user',
    tag: '会员与订阅',
    summary: '企业会员：把一个席位分给另一个已注册的账号（手机号或邮箱）；席位数含持有人自己',
    params: IdParams,
    body: GrantSeatBody,
    responses: { 200: GrantList },
    errors: [409],
    rows: { kind: 'grant', owner: true },
    example: { body: { account: '13800138000' } },
  },
  grantSeatRemove: {
    access: 'user',
    tag: '会员与订阅',
    summary: '企业会员：收回一个成员账号的席位',
    params: IdParams.extend({ userId: IdParams.shape.id }),
    responses: { 204: z.null() },
    rows: { kind: 'grant', owner: true },
    example: { params: { userId: 1 } },
  },
  adminPlanList: { access: financeReads, tag: '会员与订阅', summary: '全部会员与订阅方案（含已下架）', responses: { 200: AdminPlanList } },
  adminPlanCreate: {
    access: finance,
    tag: '会员与订阅',
    summary: '新建方案；在售的方案须解锁登录用户此前看不到的内容，否则 409',
    body: PlanBody,
    responses: { 201: AdminPlan },
    errors: [409],
    example: { body: example },
  },
  adminPlanUpdate: {
    access: finance,
    tag: '会员与订阅',
    summary: '修改方案（价格、有效天数、是否在售等）；已售出的权益不受影响，修改前后的值记入操作日志；在售的方案须解锁内容，否则 409',
    params: IdParams,
    body: PlanBody,
    responses: { 200: AdminPlan },
    errors: [409],
    rows: planRow,
    example: { body: example },
  },
} as const satisfies Record<string, EndpointSpec>;
