import { IdParams } from '../common.js';
import { AdminUser, AdminUserPage, AdminUserQuery, AdminUserUpdateBody } from '../user-admin.js';
import type { EndpointSpec } from './endpoint.js';

const admin = { staff: ['admin'] } as const;
const user = { kind: 'user', owner: false } as const;

/** The users desk (administrators): users, their roles, their paid access. */
export const userAdminEndpoints = {
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
} as const satisfies Record<string, EndpointSpec>;
