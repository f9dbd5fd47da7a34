import { Dashboard, DashboardQuery } from '../dashboard.js';
import type { EndpointSpec } from './endpoint.js';

/** The staff dashboard (every member of the staff). */
export const dashboardEndpoints = {
  adminDashboard: {
    access: 'staff',
    tag: '工作台',
    summary: '工作台概览：新用户、样品申请（按状态）、最近 7 天或 30 天搜索最多的关键词',
    query: DashboardQuery,
    responses: { 200: Dashboard },
    example: { query: { days: 30 } },
  },
} as const satisfies Record<string, EndpointSpec>;
