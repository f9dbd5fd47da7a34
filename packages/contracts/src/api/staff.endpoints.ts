import { IdParams } from '../common.js';
import { Dashboard, DashboardQuery } from '../dashboard.js';
import { AdminUser, AdminUserPage, AdminUserQuery, AdminUserUpdateBody, AuditPage, AuditQuery } from '../staff.js';
import type { EndpointSpec } from './endpoint.js';

const admin = { staff: ['admin'] } as const;
const user = { kind: 'user', owner: false } as const;

/** The dashboard (every member of the staff), the users desk and the audit log (administrators). */
export const staffEndpoints = {
  adminDashboard: {
    access: 'staff',
    tag: '工作台',
    summary: '工作台概览：新用户、样品申请（按状态）、最近 7 天或 30 天搜索最多的关键词',
    query: DashboardQuery,
    responses: { 200: Dashboard },
    example: { query: { days: 30 } },
  },
  adminUserList: {
    access: admin,
    tag: '用户与日志',
    summary: '用户列表（新注册的在前）：按账号、姓名、昵称搜索，按工作人员、付费用户、已停用筛选',
    query: AdminUserQuery,
    responses: { 200: AdminUserPage },
  },
  adminUserGet: {
    access: admin,
    tag: '用户与日志',
    summary: '一位用户：资料、角色、数据库权限、最近的样品申请',
    params: IdParams,
    responses: { 200: AdminUser },
    rows: user,
  },
  adminUserUpdate: {
    access: admin,
    tag: '用户与日志',
    summary: '修改用户：停用或启用（停用时其登录全部失效）、设置工作人员角色、手动开通或延长数据库权限',
    description: '每项修改连同修改前后的值记入操作日志。不能停用自己，也不能取消自己的管理员角色；已注销的账号不能修改。',
    params: IdParams,
    body: AdminUserUpdateBody,
    responses: { 200: AdminUser },
    errors: [409],
    rows: user,
    example: { body: { memberUntil: '2027-12-31', reason: '线下合同 HT-2026-118' } },
  },
  adminAuditList: {
    access: admin,
    tag: '用户与日志',
    summary: '操作日志（新的在前）：谁在何时改了什么、改前改后的值；按关键词、对象类型、操作人、日期筛选',
    query: AuditQuery,
    responses: { 200: AuditPage },
  },
} as const satisfies Record<string, EndpointSpec>;
