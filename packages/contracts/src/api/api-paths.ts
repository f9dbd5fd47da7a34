/**
 * The query parameter every GET of a client carries, with the time it was sent (the specification's
 * "GET requests append a timestamp query parameter"). No answer depends on it: the server's caches
 * leave it out of their keys.
 */
export const TIMESTAMP_PARAM = '_t';

/**
 * Method and path of every endpoint of the API, keyed by its operation id. Schema-free on purpose:
 * the web client (and any client) imports this map at run time and takes everything else from the
 * types of the endpoint table (`endpoints.ts`), so pages never ship the zod schemas.
 * Path parameters are written `:name`. Grouped by server module, in the order of `endpoints.ts`
 * (each group's operations are declared in that module's `<module>.endpoints.ts`).
 */
export const apiPaths = {
  // system: health, readiness, the deployed web build.
  health: 'GET /api/health',
  ready: 'GET /api/ready',
  buildLatest: 'GET /api/build/latest',
  buildManifest: 'GET /api/build/meta/:id',

  // account: registering, signing in and out, the profile, the password, deleting the account.
  accountRegister: 'POST /api/app/account/register',
  accountLogin: 'POST /api/app/account/login',
  accountLoginVerify: 'POST /api/app/account/login-verify',
  accountLoginByCode: 'POST /api/app/account/login-by-code',
  accountLogout: 'POST /api/app/account/logout',
  accountLogoutAll: 'POST /api/app/account/logout-all',
  accountResetPassword: 'POST /api/app/account/reset-password',
  accountProfile: 'GET /api/app/account/profile',
  accountUpdateProfile: 'PUT /api/app/account/profile',
  accountUploadAvatar: 'POST /api/app/account/avatar',
  accountAvatar: 'GET /api/app/account/avatar/:name',
  accountChangePassword: 'POST /api/app/account/change-password',
  accountSummary: 'GET /api/app/account/summary',
  accountDelete: 'POST /api/app/account/delete',

  // verification: codes and image captchas.
  accountSendCode: 'POST /api/app/account/send-code',
  accountCaptcha: 'POST /api/app/account/captcha',

  // address: the address book.
  addressList: 'GET /api/app/address',
  addressCreate: 'POST /api/app/address',
  addressGet: 'GET /api/app/address/:id',
  addressUpdate: 'PUT /api/app/address/:id',
  addressDelete: 'DELETE /api/app/address/:id',
  addressSetDefault: 'POST /api/app/address/:id/set-default',

  // notice: the signed-in user's notices.
  noticeList: 'GET /api/app/notice',
  noticeUnreadCount: 'GET /api/app/notice/unread-count',
  noticeRead: 'POST /api/app/notice/:id/read',
  noticeReadAll: 'POST /api/app/notice/read-all',

  // favorite: the signed-in user's favorites.
  favoriteList: 'GET /api/app/favorite',
  favoriteAdd: 'POST /api/app/favorite',
  favoriteRemove: 'DELETE /api/app/favorite/:id',

  // registration-watch: notices when the CDE changes a watched record.
  registrationWatchList: 'GET /api/app/registration-watch',
  registrationWatchAdd: 'POST /api/app/registration-watch',
  registrationWatchRemove: 'DELETE /api/app/registration-watch/:id',

  // home: what the home page shows.
  home: 'GET /api/app/home',

  // excipient: the catalogue and the products desk.
  excipientList: 'GET /api/app/excipient',
  excipientFacets: 'GET /api/app/excipient/facets',
  excipientGet: 'GET /api/app/excipient/:id',
  excipientDocument: 'GET /api/app/excipient/:id/document/:docId',
  adminExcipientList: 'GET /api/admin/excipient',
  adminExcipientGet: 'GET /api/admin/excipient/:id',
  adminExcipientCreate: 'POST /api/admin/excipient',
  adminExcipientUpdate: 'PUT /api/admin/excipient/:id',
  adminExcipientPublish: 'POST /api/admin/excipient/:id/publish',
  adminExcipientDocumentUpload: 'POST /api/admin/excipient/document',
  adminExcipientSafetyGet: 'GET /api/admin/excipient/:id/safety-data',
  adminExcipientSafetySave: 'PUT /api/admin/excipient/:id/safety-data',

  // registration: CDE registration records.
  registrationSearch: 'GET /api/app/registration',
  registrationGet: 'GET /api/app/registration/:id',

  // registration-import: CDE registration records in and out.
  adminRegistrationImportPreview: 'POST /api/admin/registration/import',
  adminRegistrationImportCommit: 'POST /api/admin/registration/import/:id/commit',
  adminRegistrationExport: 'GET /api/admin/registration/export',

  // reference: the databases (pharmacopoeia standards, excipient usage) and their desk.
  databaseList: 'GET /api/app/database',
  databaseRecords: 'GET /api/app/database/:code/records',
  databaseRecord: 'GET /api/app/database/:code/records/:id',
  adminStandardList: 'GET /api/admin/database/standard/records',
  adminStandardCreate: 'POST /api/admin/database/standard/records',
  adminStandardUpdate: 'PUT /api/admin/database/standard/records/:id',
  adminStandardDelete: 'DELETE /api/admin/database/standard/records/:id',
  adminUsageList: 'GET /api/admin/database/usage/records',
  adminUsageCreate: 'POST /api/admin/database/usage/records',
  adminUsageUpdate: 'PUT /api/admin/database/usage/records/:id',
  adminUsageDelete: 'DELETE /api/admin/database/usage/records/:id',
  adminReferenceImport: 'POST /api/admin/database/:code/import',
  adminReferenceExport: 'GET /api/admin/database/:code/export',

  // article: regulations and news, the images of their text, and the articles desk.
  regulationList: 'GET /api/app/regulation',
  regulationGet: 'GET /api/app/regulation/:id',
  newsList: 'GET /api/app/news',
  newsGet: 'GET /api/app/news/:id',
  articleImage: 'GET /api/app/article/image/:name',
  adminNewsList: 'GET /api/admin/news',
  adminNewsGet: 'GET /api/admin/news/:id',
  adminNewsCreate: 'POST /api/admin/news',
  adminNewsUpdate: 'PUT /api/admin/news/:id',
  adminRegulationList: 'GET /api/admin/regulation',
  adminRegulationGet: 'GET /api/admin/regulation/:id',
  adminRegulationCreate: 'POST /api/admin/regulation',
  adminRegulationUpdate: 'PUT /api/admin/regulation/:id',
  adminArticleImageUpload: 'POST /api/admin/article/image',

  // search: site search.
  search: 'GET /api/app/search',

  // sample-cart: the sample cart and the items confirmed for an application.
  sampleCartList: 'GET /api/app/sample/sample-cart-list',
  sampleCartCheck: 'POST /api/app/sample/check-sample-cart-num',
  sampleCartAdd: 'POST /api/app/sample/sample-cart',
  sampleCartUpdate: 'PATCH /api/app/sample/sample-cart/:id',
  sampleCartSetChecked: 'POST /api/app/sample/sample-cart-checked',
  sampleCartRemove: 'POST /api/app/sample/cart-sample-remove',
  sampleCartCount: 'GET /api/app/sample/sample-cart-num',
  sampleConfirmedList: 'GET /api/app/sample/confirmed-sample-list',

  // sample-application: applications, the reviewers' desk, the sample limits.
  applicationSubmit: 'POST /api/app/sample/or-update',
  applicationList: 'GET /api/app/sample/application',
  applicationGet: 'GET /api/app/sample/application/:id',
  applicationCoa: 'GET /api/app/sample/application/:id/coa/:itemId',
  applicationWithdraw: 'POST /api/app/sample/application/:id/withdraw',
  adminApplicationList: 'GET /api/admin/application',
  adminApplicationGet: 'GET /api/admin/application/:id',
  adminApplicationApprove: 'POST /api/admin/application/:id/approve',
  adminApplicationReject: 'POST /api/admin/application/:id/reject',
  adminApplicationShip: 'POST /api/admin/application/:id/ship',
  adminApplicationCoaUpload: 'POST /api/admin/application/coa',
  adminApplicationCoa: 'GET /api/admin/application/:id/coa/:itemId',
  adminApplicationDeliver: 'POST /api/admin/application/:id/deliver',
  adminSampleLimits: 'GET /api/admin/settings/sample-limits',
  adminUpdateSampleLimits: 'PUT /api/admin/settings/sample-limits',

  // form-dictionary: the application form's options.
  formDictionary: 'GET /api/app/no-token-interface/form-dic-list',

  // location: the caller's region.
  location: 'GET /api/app/l-bS',

  // plan: memberships and database subscriptions for sale, and their desk.
  planList: 'GET /api/app/plan',
  adminPlanList: 'GET /api/admin/plan',
  adminPlanCreate: 'POST /api/admin/plan',
  adminPlanUpdate: 'PUT /api/admin/plan/:id',

  // grant: what the caller holds, and company seats.
  grantList: 'GET /api/app/grant',
  grantSeatAdd: 'POST /api/app/grant/:id/seat',
  grantSeatRemove: 'DELETE /api/app/grant/:id/seat/:userId',

  // order: orders of plans, paying them, and the orders desk.
  orderCreate: 'POST /api/app/order',
  orderList: 'GET /api/app/order',
  orderGet: 'GET /api/app/order/:id',
  orderCancel: 'POST /api/app/order/:id/cancel',
  orderPay: 'POST /api/app/order/:id/pay',
  orderRefresh: 'POST /api/app/order/:id/refresh',
  orderSlip: 'POST /api/app/order/:id/slip',
  adminOrderList: 'GET /api/admin/order',
  adminOrderGet: 'GET /api/admin/order/:id',
  adminOrderSlip: 'GET /api/admin/order/:id/slip',
  adminOrderConfirmTransfer: 'POST /api/admin/order/:id/confirm-transfer',
  adminOrderRefund: 'POST /api/admin/order/:id/refund',

  // payment: methods and the gateways' notifications.
  paymentMethods: 'GET /api/app/payment/methods',
  paymentNotifyWechat: 'POST /api/app/payment/notify/wechat',
  paymentNotifyAlipay: 'POST /api/app/payment/notify/alipay',

  // company: companies, their members, roles and invitations, the sample allowance, the verification desk.
  companyMine: 'GET /api/app/company',
  companyCreate: 'POST /api/app/company',
  companyUpdate: 'PUT /api/app/company/:id',
  companyLicenseUpload: 'POST /api/app/company/:id/license',
  companyLicense: 'GET /api/app/company/:id/license',
  companyMemberList: 'GET /api/app/company/:id/member',
  companyMemberRoles: 'PUT /api/app/company/:id/member/:userId',
  companyMemberRemove: 'DELETE /api/app/company/:id/member/:userId',
  companyInvitationList: 'GET /api/app/company/:id/invitation',
  companyInvitationCreate: 'POST /api/app/company/:id/invitation',
  companyInvitationRevoke: 'DELETE /api/app/company/:id/invitation/:invitationId',
  companyInvitationAccept: 'POST /api/app/company-invitation/:id/accept',
  companyInvitationDecline: 'POST /api/app/company-invitation/:id/decline',
  companySampleAllowance: 'GET /api/app/company/:id/sample-allowance',
  adminCompanyList: 'GET /api/admin/company',
  adminCompanyDetail: 'GET /api/admin/company/:id',
  adminCompanyLicense: 'GET /api/admin/company/:id/license',
  adminCompanyVerify: 'POST /api/admin/company/:id/verify',
  adminCompanyReject: 'POST /api/admin/company/:id/reject',
  adminCompanyAllowance: 'PUT /api/admin/company/:id/sample-allowance',

  // quote: price requests (询价), the sales staff's quotes (报价单) and their revisions, the thread.
  quoteList: 'GET /api/app/quote',
  quoteCreate: 'POST /api/app/quote',
  quoteDetail: 'GET /api/app/quote/:id',
  quoteMessage: 'POST /api/app/quote/:id/message',
  quoteRevisionRequest: 'POST /api/app/quote/:id/revision-request',
  quoteAccept: 'POST /api/app/quote/:id/accept',
  quoteDecline: 'POST /api/app/quote/:id/decline',
  quoteCancel: 'POST /api/app/quote/:id/cancel',
  quotePdf: 'GET /api/app/quote/:id/revision/:revisionId/pdf',
  adminQuoteList: 'GET /api/admin/quote',
  adminQuoteDetail: 'GET /api/admin/quote/:id',
  adminQuoteRevise: 'POST /api/admin/quote/:id/revision',
  adminQuoteMessage: 'POST /api/admin/quote/:id/message',
  adminQuotePdf: 'GET /api/admin/quote/:id/revision/:revisionId/pdf',
  // sales-order: orders made from accepted quotes; contract, bank transfer, shipping with batch numbers, the invoice.
  salesOrderList: 'GET /api/app/sales-order',
  salesOrderDetail: 'GET /api/app/sales-order/:id',
  salesOrderReceive: 'POST /api/app/sales-order/:id/receive',
  salesOrderCancel: 'POST /api/app/sales-order/:id/cancel',
  salesOrderInvoice: 'POST /api/app/sales-order/:id/invoice',
  adminSalesOrderList: 'GET /api/admin/sales-order',
  adminSalesOrderDetail: 'GET /api/admin/sales-order/:id',
  adminSalesOrderContract: 'POST /api/admin/sales-order/:id/contract',
  adminSalesOrderConfirmTransfer: 'POST /api/admin/sales-order/:id/confirm-transfer',
  adminSalesOrderShip: 'POST /api/admin/sales-order/:id/ship',
  adminSalesOrderReceive: 'POST /api/admin/sales-order/:id/receive',
  adminSalesOrderCancel: 'POST /api/admin/sales-order/:id/cancel',
  // document-request: regulatory documents asked for under the confidentiality agreement; the quality desk.
  confidentialityCurrent: 'GET /api/app/confidentiality-agreement',
  confidentialityAccept: 'POST /api/app/confidentiality-agreement/accept',
  documentRequestList: 'GET /api/app/document-request',
  documentRequestCreate: 'POST /api/app/document-request',
  documentRequestDetail: 'GET /api/app/document-request/:id',
  documentRequestWithdraw: 'POST /api/app/document-request/:id/withdraw',
  documentRequestFile: 'GET /api/app/document-request/:id/file',
  adminConfidentialityList: 'GET /api/admin/confidentiality-agreement',
  adminConfidentialityPublish: 'POST /api/admin/confidentiality-agreement',
  adminDocumentRequestList: 'GET /api/admin/document-request',
  adminDocumentRequestDetail: 'GET /api/admin/document-request/:id',
  adminDocumentRequestUpload: 'POST /api/admin/document-request/:id/file',
  adminDocumentRequestFile: 'GET /api/admin/document-request/:id/file',
  adminDocumentRequestApprove: 'POST /api/admin/document-request/:id/approve',
  adminDocumentRequestRefuse: 'POST /api/admin/document-request/:id/refuse',
  // change-notice: change notices to the companies tied to a product, their acknowledgements; the quality desk.
  changeNoticeList: 'GET /api/app/change-notice',
  changeNoticeDetail: 'GET /api/app/change-notice/:id',
  changeNoticeAcknowledge: 'POST /api/app/change-notice/:id/acknowledge',
  changeNoticeDocument: 'GET /api/app/change-notice/:id/document/:n',
  adminChangeNoticeList: 'GET /api/admin/change-notice',
  adminChangeNoticeCreate: 'POST /api/admin/change-notice',
  adminChangeNoticeDetail: 'GET /api/admin/change-notice/:id',
  adminChangeNoticeUpdate: 'PUT /api/admin/change-notice/:id',
  adminChangeNoticeUpload: 'POST /api/admin/change-notice/:id/document',
  adminChangeNoticeDocument: 'GET /api/admin/change-notice/:id/document/:n',
  adminChangeNoticePublish: 'POST /api/admin/change-notice/:id/publish',
  adminChangeNoticeWithdraw: 'POST /api/admin/change-notice/:id/withdraw',
  adminChangeNoticeRemind: 'POST /api/admin/change-notice/:id/remind',
  adminChangeNoticeReport: 'GET /api/admin/change-notice/:id/report',
  // batch: batches, their results and COAs; the lookup by check code; the quality desk.
  batchCoaProducts: 'GET /api/app/batch/products',
  batchCoaLookup: 'GET /api/app/batch/coa',
  batchCoaFile: 'GET /api/app/batch/coa/file',
  adminBatchList: 'GET /api/admin/batch',
  adminBatchCreate: 'POST /api/admin/batch',
  adminBatchImport: 'POST /api/admin/batch/import',
  adminBatchDetail: 'GET /api/admin/batch/:id',
  adminBatchUpdate: 'PUT /api/admin/batch/:id',
  adminBatchResults: 'PUT /api/admin/batch/:id/results',
  adminBatchStatus: 'POST /api/admin/batch/:id/status',
  adminBatchCoaUpload: 'POST /api/admin/batch/:id/coa',
  adminBatchCoa: 'GET /api/admin/batch/:id/coa',

  // invoice: titles, requests and the invoice desk.
  invoiceTitleList: 'GET /api/app/invoice-title',
  invoiceTitleCreate: 'POST /api/app/invoice-title',
  invoiceTitleUpdate: 'PUT /api/app/invoice-title/:id',
  invoiceTitleDelete: 'DELETE /api/app/invoice-title/:id',
  invoiceList: 'GET /api/app/invoice',
  invoiceCreate: 'POST /api/app/invoice',
  invoiceFile: 'GET /api/app/invoice/:id/file',
  adminInvoiceList: 'GET /api/admin/invoice',
  adminInvoiceUpload: 'POST /api/admin/invoice/:id/file',
  adminInvoiceIssue: 'POST /api/admin/invoice/:id/issue',
  adminInvoiceReject: 'POST /api/admin/invoice/:id/reject',
  adminInvoiceReverse: 'POST /api/admin/invoice/:id/reverse',

  // site: the company's public details, the legal texts, and their desk.
  siteProfile: 'GET /api/app/site',
  siteQr: 'GET /api/app/site/qr/:slot',
  legalText: 'GET /api/app/site/legal/:doc',
  adminSiteSettings: 'GET /api/admin/settings/site',
  adminUpdateSiteSettings: 'PUT /api/admin/settings/site',
  adminUploadSiteQr: 'POST /api/admin/settings/site/qr/:slot',
  adminLegalText: 'GET /api/admin/settings/legal/:doc',
  adminUpdateLegalText: 'PUT /api/admin/settings/legal/:doc',

  // dashboard: the staff dashboard.
  adminDashboard: 'GET /api/admin/dashboard',

  // audit: the audit log.
  adminAuditList: 'GET /api/admin/audit',

  // user-admin: the users desk.
  adminUserList: 'GET /api/admin/user',
  adminUserGet: 'GET /api/admin/user/:id',
  adminUserUpdate: 'PATCH /api/admin/user/:id',
} as const;

export type ApiOperation = keyof typeof apiPaths;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The method and path of an operation. */
export function routeOf(operation: ApiOperation): { method: HttpMethod; path: string } {
  const [method, path] = apiPaths[operation].split(' ') as [HttpMethod, string];
  return { method, path };
}
