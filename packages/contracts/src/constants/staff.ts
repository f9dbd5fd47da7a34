/** The periods the staff dashboard covers: the last 7 or 30 days. */
export const DASHBOARD_PERIODS = [7, 30] as const;

/**
 * The kinds of rows whose changes the audit log records, as the log names them. The server records
 * only these (its `Change` is typed with them), so every entry has a Chinese name.
 */
export const auditEntityLabels = {
  user: '用户',
  setting: '设置',
  application: '样品申请',
  excipient: '产品',
  news: '资讯',
  regulation: '法规',
  registration_import: '登记数据导入',
  standard: '药典标准',
  usage: '辅料用量',
  plan: '方案',
  order: '订单',
  invoice: '发票',
  company: '企业',
  quote: '询价',
  sales_order: '销售订单',
} as const;
export type AuditEntityType = keyof typeof auditEntityLabels;

/** What each change the audit log records is called. */
export const auditActionLabels = {
  'user.create': '创建工作人员账号',
  'user.roles': '设置工作人员角色',
  'user.update': '修改用户',
  'settings.update': '修改设置',
  'application.approve': '审核通过',
  'application.reject': '驳回申请',
  'application.ship': '发货',
  'application.deliver': '确认签收',
  'application.withdraw': '撤回申请',
  'excipient.create': '新建产品',
  'excipient.update': '修改产品',
  'excipient.publish': '上架产品',
  'excipient.unpublish': '下架产品',
  'excipient.safety_data': '修改安全技术说明书',
  'news.create': '新建资讯',
  'news.update': '修改资讯',
  'regulation.create': '新建法规',
  'regulation.update': '修改法规',
  'registration.import': '导入登记数据',
  'standard.create': '新增药典标准',
  'standard.update': '修改药典标准',
  'standard.delete': '删除药典标准',
  'standard.import': '导入药典标准',
  'usage.create': '新增辅料用量',
  'usage.update': '修改辅料用量',
  'usage.delete': '删除辅料用量',
  'usage.import': '导入辅料用量',
  'plan.create': '新建方案',
  'plan.update': '修改方案',
  'order.confirm-transfer': '确认对公转账到账',
  'order.refund': '退款',
  'invoice.upload': '上传发票文件',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回开票申请',
  'invoice.reverse': '红冲发票',
  'company.verify': '认证企业',
  'company.reject': '企业认证未通过',
  'company.allowance': '设置企业样品额度',
  'quote.request': '提交询价',
  'quote.quote': '发出报价',
  'quote.message': '询价留言',
  'quote.revision': '要求修改报价',
  'quote.accept': '接受报价',
  'quote.decline': '拒绝报价',
  'quote.cancel': '撤回询价',
  'quote.expire': '报价过期',
  'sales-order.create': '生成销售订单',
  'sales-order.contract': '登记合同签订',
  'sales-order.confirm-transfer': '确认货款到账',
  'sales-order.ship': '销售订单发货',
  'sales-order.receive': '确认收货',
  'sales-order.cancel': '取消销售订单',
  'sales-order.invoice': '申请销售订单发票',
} as const;
export type AuditAction = keyof typeof auditActionLabels;

/** The settings the audit log names by their key (entity `setting`). */
export const auditSettingLabels: Record<string, string> = {
  'site.profile': '网站信息',
  'sample.limits': '样品限额',
  'legal.agreement': '用户协议',
  'legal.privacy': '隐私政策',
};
