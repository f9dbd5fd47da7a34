import { paths } from '@fuliaotong/contracts/constants';

export interface PageInfo {
  title: string;
  description: string;
  /** Pages search engines must not index (staff pages). */
  noindex?: boolean;
}

/** Title and description of every page of the site. */
export const pages: Record<string, PageInfo> = {
  [paths.home]: { title: '首页', description: '辅料通：药用辅料产品目录、CDE 原辅包登记、药典标准、法规与行业资讯，在线申请辅料样品。' },
  [paths.homeBack]: { title: '首页（经典版）', description: '辅料通经典版首页：药用辅料产品、数据库、法规与资讯入口。' },
  [paths.excipients]: {
    title: '辅料产品',
    description: '药用辅料产品目录：按功能分类、剂型和药典标准筛选填充剂、黏合剂、崩解剂、润滑剂、包衣材料等。'
  },
  [paths.excipientDetail]: {
    title: '产品详情',
    description: '药用辅料产品详情：规格等级、包装、药典符合性、CDE 登记信息与技术资料。'
  },
  [paths.database]: {
    title: '数据库',
    description: '辅料通数据库：CDE 原辅包登记信息、药典标准、辅料用量数据。'
  },
  [paths.topDatabase]: { title: '数据库记录', description: '辅料通数据库记录列表。' },
  [paths.topDatabaseDetail]: { title: '数据库记录详情', description: '辅料通数据库记录详情。' },
  [paths.registrations]: {
    title: '原辅包登记信息',
    description: 'CDE 原辅包登记信息查询：登记号、品种名称、企业名称、与制剂共同审评审批结果。'
  },
  [paths.standards]: { title: '药典标准', description: '药用辅料药典标准数据库：ChP、USP-NF、EP、JP 各版本专论。' },
  [paths.regulations]: { title: '法规政策', description: '药用辅料相关法规、指导原则与政策文件。' },
  [paths.topRegulations]: { title: '法规详情', description: '法规政策全文。' },
  [paths.news]: { title: '行业资讯', description: '药用辅料行业资讯与动态。' },
  [paths.topNews]: { title: '资讯列表', description: '药用辅料行业资讯列表。' },
  [paths.topNewsDetail]: { title: '资讯详情', description: '行业资讯全文。' },
  [paths.search]: {
    title: '站内搜索',
    description: '在辅料产品、登记信息、法规与资讯中搜索。'
  },
  [paths.about]: { title: '关于我们', description: '辅料通：专业的药用辅料信息与样品服务平台。' },
  [paths.links]: { title: '友情链接', description: '药监机构、药典委员会与行业组织链接。' },
  [paths.sampleCart]: {
    title: '样品车',
    description: '已选的药用辅料样品：调整规格数量、勾选并提交样品申请。',
    noindex: true,
  },
  [paths.formConfirm]: {
    title: '确认样品申请',
    description: '核对申请的辅料样品，填写联系人、研发信息与收货地址，提交样品申请。',
    noindex: true,
  },
  [paths.formSuccess]: {
    title: '申请已提交',
    description: '样品申请已提交：申请编号、样品明细与审核寄送流程。',
    noindex: true,
  },
  [paths.selfCheck]: { title: '连接自检', description: '检查浏览器与辅料通服务器之间的连接，便于客服排查问题。' },
  [paths.login]: { title: '登录', description: '登录辅料通账号。' },
  [paths.register]: { title: '注册', description: '注册辅料通账号。' },
  [paths.forgotPassword]: { title: '找回密码', description: '通过发送到手机或邮箱的验证码重新设置辅料通账号的登录密码。', noindex: true },
  [paths.agreement]: { title: '用户协议', description: '辅料通用户协议：账号、样品申请、会员与付费数据库服务的约定。' },
  [paths.privacy]: { title: '隐私政策', description: '辅料通隐私政策：我们收集哪些个人信息、为什么收集、保存多久、与谁共享，以及您的权利。' },
  [paths.account]: { title: '个人中心', description: '个人资料、账号安全与常用功能。' },
  [paths.accountIndex]: { title: '个人中心', description: '个人资料、账号安全与常用功能。' },
  [paths.addresses]: { title: '收货地址', description: '管理样品收货地址，并设置默认地址。' },
  [paths.applications]: { title: '我的申请', description: '样品申请的审核进度、物流信息与申请单。' },
  [paths.applicationOrder]: { title: '样品申请单', description: '样品申请单：申请信息、收货地址、样品明细与处理记录，可打印。', noindex: true },
  [paths.databaseOrders]: { title: '我的订单', description: '会员与数据库订阅的订单：支付、取消与支付记录。' },
  [paths.favorites]: { title: '我的收藏', description: '收藏的产品、登记信息、法规与资讯。' },
  [paths.invoices]: { title: '发票管理', description: '发票抬头（个人或单位，普票或专票）与开票记录，下载已开具的发票。' },
  [paths.company]: {
    title: '我的企业',
    description: '以企业名义申请样品：创建企业并上传营业执照认证，邀请同事并设置角色，查看本企业今年的样品额度。',
  },
  [paths.quotes]: {
    title: '我的询价',
    description: '向销售询价：查看报价单（含税单价、税率、起订量、交货期）与历史版本，接受、拒绝或要求修改报价，下载报价单 PDF。',
  },
  [paths.quoteRequest]: {
    title: '询价',
    description: '选择产品、级别与包装，填写采购数量、收货城市与需求日期，销售会按您的用量报价。',
    noindex: true,
  },
  [paths.salesOrders]: {
    title: '销售订单',
    description: '接受报价后生成的销售订单：合同、对公转账的收款账户与汇款备注码、发货与批号、确认收货，申请并下载发票。',
  },
  [paths.documentRequests]: {
    title: '注册资料',
    description: '本企业申请的注册资料：授权使用书、质量协议、IPEC EIP、变更历史与现场审计；签署保密协议，下载带水印的资料。',
  },
  [paths.documentRequestNew]: {
    title: '申请注册资料',
    description: '企业的质量或研发人员在签署保密协议后，为产品申请授权使用书、质量协议、IPEC EIP、变更历史或现场审计。',
    noindex: true,
  },
  [paths.changeNotices]: {
    title: '变更通知',
    description: '您或您的企业申请过样品、询过价、采购过、收藏或持有授权使用书的产品发生变更时，供应商发出的变更通知：变更内容、影响评估、生效日期与附件；阅后请确认。',
    noindex: true,
  },
  [paths.coa]: {
    title: '检验报告查询',
    description: '按产品、批号和检验报告上的防伪查询码查询批次的检验结果，下载检验报告（COA）。',
  },
  [paths.notices]: { title: '消息通知', description: '申请进度、登记变更、账号与系统通知。' },
  [paths.upgrade]: { title: '会员升级', description: '会员与数据库订阅：查看全部数据库的会员字段，下载会员资料。' },
  [paths.payment]: { title: '订单支付', description: '用微信支付、支付宝或对公转账支付订单。', noindex: true },
  [paths.admin]: { title: '工作台', description: '辅料通工作人员工作台。', noindex: true },
  [paths.adminApplications]: { title: '样品申请审核', description: '审核、发货与跟踪样品申请。', noindex: true },
  [paths.adminSettings]: { title: '样品设置', description: '样品车、样品申请与企业每年样品额度的数量限制。', noindex: true },
  [paths.adminProducts]: { title: '产品', description: '新建、修改、上架与下架产品：规格与样品包装、样品开关、首页推荐、技术资料。', noindex: true },
  [paths.adminArticles]: {
    title: '文章',
    description: '撰写与修改行业资讯和法规：图文、表格与链接，草稿、立即发布或定时发布；保存后网站立即更新。',
    noindex: true,
  },
  [paths.adminDatabases]: {
    title: '数据库',
    description: '药典标准与辅料用量：逐条新增、修改、删除，或用 CSV / Excel 批量导入（先检查后写入）；按筛选条件导出为 Excel。',
    noindex: true,
  },
  [paths.adminLegal]: {
    title: '法律文本',
    description: '用户协议与隐私政策：修改后以新的版本（生效日期）发布，页面立即更新，此后注册的用户同意的是新版本。',
    noindex: true,
  },
  [paths.adminPlans]: {
    title: '方案与价格',
    description: '会员与数据库订阅方案：名称、价格（元）、有效天数、企业账号数和是否在售。修改不影响已售出的权益。',
    noindex: true,
  },
  [paths.adminOrders]: {
    title: '订单与收款',
    description: '全部订单：按状态和支付方式筛选，查看汇款凭证并确认对公转账到账，办理退款。',
    noindex: true,
  },
  [paths.adminInvoices]: {
    title: '发票开具',
    description: '开票申请：上传发票文件（PDF 或 OFD）并填写发票号码开具，驳回并说明原因，退款后红冲。',
    noindex: true,
  },
  [paths.adminCompanies]: {
    title: '企业认证',
    description: '企业客户：核对营业执照后认证或说明未通过的原因，查看成员与角色，为企业单独设置每年的样品额度。',
    noindex: true,
  },
  [paths.adminQuotes]: {
    title: '询价报价',
    description: '客户的询价：按状态与关键词查找，核对询价人与企业，发出报价或新一版报价（含税单价、税率、税收分类编码、起订量、交货期），与询价人留言。',
    noindex: true,
  },
  [paths.adminSalesOrders]: {
    title: '销售订单',
    description: '由接受的报价生成的订单：销售登记合同、按批号发货、代买方确认签收或取消，财务核对汇款备注码确认对公转账到账。',
    noindex: true,
  },
  [paths.adminChangeNotices]: {
    title: '变更通知',
    description: '产品变更的通知：填写变更类别、内容、变更分类与影响评估、生效日期并上传附件，发布给与该产品有关联的企业；查看确认情况，提醒或撤回。',
    noindex: true,
  },
  [paths.adminDocumentRequests]: {
    title: '资料申请',
    description: '企业申请的注册资料：核对签署的保密协议，上传或按模板生成资料后批准，或写明原因驳回；查看下载记录，发布保密协议新版本。',
    noindex: true,
  },
  [paths.adminBatches]: {
    title: '批次与检验报告',
    description: '登记产品批次、录入检验结果、放行或判定不合格，上传签章的检验报告原件，从 Excel 导入批次。',
    noindex: true,
  },
  [paths.adminImports]: { title: '登记数据导入', description: '导入原辅包登记数据（CSV 或 Excel）：预览、逐行校验、提交；按筛选条件导出为 Excel。', noindex: true },
  [paths.adminSite]: { title: '网站信息', description: '公司信息、联系方式、备案与资质、首页标题、公司介绍和二维码。', noindex: true },
  [paths.adminUsers]: { title: '用户管理', description: '查找用户，设置工作人员角色，停用账号，手动开通数据库权限。', noindex: true },
  [paths.adminAudit]: { title: '操作日志', description: '工作人员的每一次修改：谁、何时、改了什么、改前改后的值。', noindex: true },
};

export function pageInfo(pathname: string): PageInfo {
  return pages[pathname] ?? { title: '辅料通', description: '辅料通：药用辅料信息与样品服务平台。' };
}

/** `<title>` and description of a page, for React Router's `meta` export. */
export function pageMeta(pathname: string) {
  const info = pageInfo(pathname);
  return [
    { title: pathname === paths.home ? '辅料通 - 药用辅料信息与样品服务平台' : `${info.title} - 辅料通` },
    { name: 'description', content: info.description },
    ...(info.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
  ];
}

/** `<title>` of a page whose loader failed: not found (404) or not available. */
export function errorMeta(error: unknown) {
  const status = (error as { status?: unknown } | null)?.status;
  return [{ title: status === 404 ? '页面不存在 - 辅料通' : '页面暂时无法显示 - 辅料通' }, { name: 'robots', content: 'noindex' }];
}
