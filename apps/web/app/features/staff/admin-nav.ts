import { STAFF_ROLES, staffRoleLabels, type StaffRoleName, paths } from '@fuliaotong/contracts/constants';

/** A desk of the staff console: where it is, its menu label and the roles whose work it is. */
export interface AdminDesk {
  to: string;
  label: string;
  /** Who works at the desk (its writes); administrators also read every desk (docs/decisions/0046). */
  roles: readonly StaffRoleName[];
}

/**
 * The staff console's desks, in menu order. The server decides on every call (each endpoint states its
 * roles); the menu only leaves out what the user cannot open, a desk opened without its role says which
 * role it needs, and a desk an administrator only reads hides its writes.
 */
export const adminDesks: readonly AdminDesk[] = [
  // Every member of the staff opens the overview.
  { to: paths.admin, label: '概览', roles: STAFF_ROLES },
  { to: paths.adminApplications, label: '申请审核', roles: ['reviewer'] },
  { to: paths.adminProducts, label: '产品', roles: ['editor'] },
  { to: paths.adminArticles, label: '文章', roles: ['editor'] },
  { to: paths.adminDatabases, label: '数据库', roles: ['editor'] },
  { to: paths.adminImports, label: '登记数据导入', roles: ['editor'] },
  { to: paths.adminUsers, label: '用户', roles: ['admin'] },
  { to: paths.adminCompanies, label: '企业认证', roles: ['sales'] },
  { to: paths.adminQuotes, label: '询价报价', roles: ['sales'] },
  // Sales carry the order through contract, shipping and receipt; finance confirms its transfer.
  { to: paths.adminSalesOrders, label: '销售订单', roles: ['sales', 'finance'] },
  { to: paths.adminDocumentRequests, label: '资料申请', roles: ['quality'] },
  { to: paths.adminChangeNotices, label: '变更通知', roles: ['quality'] },
  { to: paths.adminBatches, label: '批次与检验报告', roles: ['quality'] },
  { to: paths.adminOrders, label: '订单与收款', roles: ['finance'] },
  { to: paths.adminInvoices, label: '发票开具', roles: ['finance'] },
  { to: paths.adminPlans, label: '方案与价格', roles: ['finance'] },
  { to: paths.adminSettings, label: '样品设置', roles: ['admin'] },
  { to: paths.adminSite, label: '网站信息', roles: ['admin'] },
  { to: paths.adminLegal, label: '法律文本', roles: ['admin'] },
  { to: paths.adminAudit, label: '操作日志', roles: ['admin'] },
];

/** Whether the roles include one whose work the desk is (its writes). */
export function worksAt(desk: AdminDesk, roles: readonly string[]): boolean {
  return desk.roles.some((role) => roles.includes(role));
}

/** The desks the user may open: those of their roles, and every desk for an administrator. */
export function desksFor(roles: readonly string[]): AdminDesk[] {
  return roles.includes('admin') ? [...adminDesks] : adminDesks.filter((desk) => worksAt(desk, roles));
}

/** The desk a path belongs to (the longest matching prefix), if any. */
export function deskOf(pathname: string): AdminDesk | undefined {
  return [...adminDesks]
    .sort((a, b) => b.to.length - a.to.length)
    .find((desk) => pathname === desk.to || pathname.startsWith(`${desk.to}/`));
}

/** "需要管理员角色" for a desk. */
export function rolesNeeded(desk: AdminDesk): string {
  return desk.roles.map((role) => staffRoleLabels[role]).join('或');
}
