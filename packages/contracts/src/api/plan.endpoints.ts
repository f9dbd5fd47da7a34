import { IdParams } from '../common.js';
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

/** Plans (方案): the memberships and database subscriptions for sale, and the plan desk (finance). */
export const planEndpoints = {
  planList: {
    access: 'public',
    shared: true,
    tag: '会员与订阅',
    summary: '在售的会员与数据库订阅（价格以分计），每个方案列出开通后可见而登录用户此前看不到的内容',
    responses: { 200: PlanList },
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
