/**
 * Method and path of every endpoint of the API, keyed by its operation id. Schema-free on purpose:
 * the web client (and any client) imports this map at run time and takes everything else from the
 * types of the endpoint table (`endpoints.ts`), so pages never ship the zod schemas.
 * Path parameters are written `:name`.
 */
export const apiPaths = {
  // System: health, the deployed web build.
  health: 'GET /api/health',
  buildLatest: 'GET /api/build/latest',
  buildManifest: 'GET /api/build/meta/:id',

  // Account: registration, sessions, profile.
  accountRegister: 'POST /api/app/account/register',
  accountLogin: 'POST /api/app/account/login',
  accountLogout: 'POST /api/app/account/logout',
  accountLogoutAll: 'POST /api/app/account/logout-all',
  accountProfile: 'GET /api/app/account/profile',
  accountUpdateProfile: 'PUT /api/app/account/profile',
  accountUploadAvatar: 'POST /api/app/account/avatar',
  accountAvatar: 'GET /api/app/account/avatar/:name',
  accountChangePassword: 'POST /api/app/account/change-password',
  accountSummary: 'GET /api/app/account/summary',
  // Verification codes, image captchas, password reset, signing in by code, deleting the account.
  accountSendCode: 'POST /api/app/account/send-code',
  accountCaptcha: 'POST /api/app/account/captcha',
  accountResetPassword: 'POST /api/app/account/reset-password',
  accountLoginByCode: 'POST /api/app/account/login-by-code',
  accountLoginVerify: 'POST /api/app/account/login-verify',
  accountDelete: 'POST /api/app/account/delete',

  // Address book.
  addressList: 'GET /api/app/address',
  addressCreate: 'POST /api/app/address',
  addressGet: 'GET /api/app/address/:id',
  addressUpdate: 'PUT /api/app/address/:id',
  addressDelete: 'DELETE /api/app/address/:id',
  addressSetDefault: 'POST /api/app/address/:id/set-default',

  // Notices.
  noticeList: 'GET /api/app/notice',
  noticeUnreadCount: 'GET /api/app/notice/unread-count',
  noticeRead: 'POST /api/app/notice/:id/read',
  noticeReadAll: 'POST /api/app/notice/read-all',

  // Favorites.
  favoriteList: 'GET /api/app/favorite',
  favoriteAdd: 'POST /api/app/favorite',
  favoriteRemove: 'DELETE /api/app/favorite/:id',

  // Registration watch: notices when the CDE changes a watched record.
  registrationWatchList: 'GET /api/app/registration-watch',
  registrationWatchAdd: 'POST /api/app/registration-watch',
  registrationWatchRemove: 'DELETE /api/app/registration-watch/:id',

  // Public information: home, catalogue, registrations, databases, regulations, news, search.
  home: 'GET /api/app/home',
  excipientList: 'GET /api/app/excipient',
  excipientFacets: 'GET /api/app/excipient/facets',
  excipientGet: 'GET /api/app/excipient/:id',
  excipientDocument: 'GET /api/app/excipient/:id/document/:docId',
  registrationSearch: 'GET /api/app/registration',
  registrationGet: 'GET /api/app/registration/:id',
  databaseList: 'GET /api/app/database',
  databaseRecords: 'GET /api/app/database/:code/records',
  databaseRecord: 'GET /api/app/database/:code/records/:id',
  regulationList: 'GET /api/app/regulation',
  regulationGet: 'GET /api/app/regulation/:id',
  newsList: 'GET /api/app/news',
  newsGet: 'GET /api/app/news/:id',
  search: 'GET /api/app/search',

  // Samples: the cart, the application form's options and the caller's region, applications.
  sampleCartList: 'GET /api/app/sample/sample-cart-list',
  sampleCartCheck: 'POST /api/app/sample/check-sample-cart-num',
  sampleCartAdd: 'POST /api/app/sample/sample-cart',
  sampleCartUpdate: 'PATCH /api/app/sample/sample-cart/:id',
  sampleCartSetChecked: 'POST /api/app/sample/sample-cart-checked',
  sampleCartRemove: 'POST /api/app/sample/cart-sample-remove',
  sampleCartCount: 'GET /api/app/sample/sample-cart-num',
  sampleConfirmedList: 'GET /api/app/sample/confirmed-sample-list',
  formDictionary: 'GET /api/app/no-token-interface/form-dic-list',
  location: 'GET /api/app/l-bS',
  applicationSubmit: 'POST /api/app/sample/or-update',
  applicationList: 'GET /api/app/sample/application',
  applicationGet: 'GET /api/app/sample/application/:id',
  applicationWithdraw: 'POST /api/app/sample/application/:id/withdraw',
  applicationCoa: 'GET /api/app/sample/application/:id/coa/:itemId',

  // Staff: sample applications and settings.
  adminApplicationList: 'GET /api/admin/application',
  adminApplicationGet: 'GET /api/admin/application/:id',
  adminApplicationApprove: 'POST /api/admin/application/:id/approve',
  adminApplicationReject: 'POST /api/admin/application/:id/reject',
  adminApplicationShip: 'POST /api/admin/application/:id/ship',
  adminApplicationDeliver: 'POST /api/admin/application/:id/deliver',
  adminApplicationCoaUpload: 'POST /api/admin/application/coa',
  adminApplicationCoa: 'GET /api/admin/application/:id/coa/:itemId',
  adminSampleLimits: 'GET /api/admin/settings/sample-limits',
  adminUpdateSampleLimits: 'PUT /api/admin/settings/sample-limits',
  adminDashboard: 'GET /api/admin/dashboard',
  adminUserList: 'GET /api/admin/user',
  adminUserGet: 'GET /api/admin/user/:id',
  adminUserUpdate: 'PATCH /api/admin/user/:id',
  adminAuditList: 'GET /api/admin/audit',

  // The products desk.
  adminExcipientList: 'GET /api/admin/excipient',
  adminExcipientGet: 'GET /api/admin/excipient/:id',
  adminExcipientCreate: 'POST /api/admin/excipient',
  adminExcipientUpdate: 'PUT /api/admin/excipient/:id',
  adminExcipientPublish: 'POST /api/admin/excipient/:id/publish',
  adminExcipientDocumentUpload: 'POST /api/admin/excipient/document',

  // CDE registration records in and out.
  adminRegistrationImportPreview: 'POST /api/admin/registration/import',
  adminRegistrationImportCommit: 'POST /api/admin/registration/import/:id/commit',
  adminRegistrationExport: 'GET /api/admin/registration/export',

  // The articles desk: news and regulations, and the images of their text.
  adminNewsList: 'GET /api/admin/news',
  adminNewsGet: 'GET /api/admin/news/:id',
  adminNewsCreate: 'POST /api/admin/news',
  adminNewsUpdate: 'PUT /api/admin/news/:id',
  adminRegulationList: 'GET /api/admin/regulation',
  adminRegulationGet: 'GET /api/admin/regulation/:id',
  adminRegulationCreate: 'POST /api/admin/regulation',
  adminRegulationUpdate: 'PUT /api/admin/regulation/:id',
  adminArticleImageUpload: 'POST /api/admin/article/image',
  articleImage: 'GET /api/app/article/image/:name',

  // The databases desk: pharmacopoeia standards and usage rows.
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

  // Plans: membership and database subscriptions, and their desk.
  planList: 'GET /api/app/plan',
  adminPlanList: 'GET /api/admin/plan',
  adminPlanCreate: 'POST /api/admin/plan',
  adminPlanUpdate: 'PUT /api/admin/plan/:id',
  grantList: 'GET /api/app/grant',
  grantSeatAdd: 'POST /api/app/grant/:id/seat',
  grantSeatRemove: 'DELETE /api/app/grant/:id/seat/:userId',
  // Orders and payment.
  orderCreate: 'POST /api/app/order',
  orderList: 'GET /api/app/order',
  orderGet: 'GET /api/app/order/:id',
  orderCancel: 'POST /api/app/order/:id/cancel',
  orderPay: 'POST /api/app/order/:id/pay',
  orderRefresh: 'POST /api/app/order/:id/refresh',
  orderSlip: 'POST /api/app/order/:id/slip',
  paymentMethods: 'GET /api/app/payment/methods',
  paymentNotifyWechat: 'POST /api/app/payment/notify/wechat',
  paymentNotifyAlipay: 'POST /api/app/payment/notify/alipay',
  adminOrderList: 'GET /api/admin/order',
  adminOrderGet: 'GET /api/admin/order/:id',
  adminOrderSlip: 'GET /api/admin/order/:id/slip',
  adminOrderConfirmTransfer: 'POST /api/admin/order/:id/confirm-transfer',
  adminOrderRefund: 'POST /api/admin/order/:id/refund',
  // Invoices.
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

  // The company's public details and their desk.
  siteProfile: 'GET /api/app/site',
  siteQr: 'GET /api/app/site/qr/:slot',
  adminSiteSettings: 'GET /api/admin/settings/site',
  adminUpdateSiteSettings: 'PUT /api/admin/settings/site',
  adminUploadSiteQr: 'POST /api/admin/settings/site/qr/:slot',
  legalText: 'GET /api/app/site/legal/:doc',
  adminLegalText: 'GET /api/admin/settings/legal/:doc',
  adminUpdateLegalText: 'PUT /api/admin/settings/legal/:doc',
} as const;

export type ApiOperation = keyof typeof apiPaths;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The method and path of an operation. */
export function routeOf(operation: ApiOperation): { method: HttpMethod; path: string } {
  const [method, path] = apiPaths[operation].split(' ') as [HttpMethod, string];
  return { method, path };
}
