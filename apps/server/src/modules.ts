import type { Db } from './db/database.js';
import type { SignalBus } from './db/signals.js';
import { Transactor, type Tx } from './db/transactor.js';
import type { Ports, ServerModule } from './kernel/module.js';
import { accountModule } from './modules/account/account.module.js';
import { addressModule } from './modules/address/address.module.js';
import { articleModule } from './modules/article/article.module.js';
import { auditModule } from './modules/audit/audit.module.js';
import { companyModule } from './modules/company/company.module.js';
import { backupModule } from './modules/backup/backup.module.js';
import { dashboardModule } from './modules/dashboard/dashboard.module.js';
import { excipientModule } from './modules/excipient/excipient.module.js';
import { favoriteModule } from './modules/favorite/favorite.module.js';
import { filesModule } from './modules/files/files.module.js';
import { formDictionaryModule } from './modules/form-dictionary/form-dictionary.module.js';
import { grantModule } from './modules/grant/grant.module.js';
import { homeModule } from './modules/home/home.module.js';
import { invoiceModule } from './modules/invoice/invoice.module.js';
import { jobsModule } from './modules/jobs/jobs.module.js';
import { locationModule } from './modules/location/location.module.js';
import { messagesModule } from './modules/messages/messages.module.js';
import { noticeModule } from './modules/notice/notice.module.js';
import { orderModule } from './modules/order/order.module.js';
import { paymentModule } from './modules/payment/payment.module.js';
import { planModule } from './modules/plan/plan.module.js';
import { quoteModule } from './modules/quote/quote.module.js';
import { referenceModule } from './modules/reference/reference.module.js';
import { salesOrderModule } from './modules/sales-order/sales-order.module.js';
import { batchModule } from './modules/batch/batch.module.js';
import { documentRequestModule } from './modules/document-request/document-request.module.js';
import { changeNoticeModule } from './modules/change-notice/change-notice.module.js';
import { registrationImportModule } from './modules/registration-import/registration-import.module.js';
import { registrationWatchModule } from './modules/registration-watch/registration-watch.module.js';
import { registrationModule } from './modules/registration/registration.module.js';
import { sampleApplicationModule } from './modules/sample-application/sample-application.module.js';
import { sampleCartModule } from './modules/sample-cart/sample-cart.module.js';
import { searchModule } from './modules/search/search.module.js';
import { seoModule } from './modules/seo/seo.module.js';
import { settingsModule } from './modules/settings/settings.module.js';
import { siteModule } from './modules/site/site.module.js';
import { systemModule } from './modules/system/system.module.js';
import { userAdminModule } from './modules/user-admin/user-admin.module.js';
import { verificationModule } from './modules/verification/verification.module.js';

/**
 * Every server module, the identity core first (docs/decisions/0053). Adding a module is its folder
 * and a line here. Deleting an account runs the modules' parts from the end of the list back (the
 * modules that keep files the account's other files go with run before the files module).
 */
export const serverModules: readonly ServerModule[] = [
  systemModule,
  jobsModule,
  messagesModule,
  filesModule,
  accountModule,
  verificationModule,
  noticeModule,
  auditModule,
  settingsModule,
  siteModule,
  favoriteModule,
  addressModule,
  registrationModule,
  excipientModule,
  registrationWatchModule,
  referenceModule,
  articleModule,
  searchModule,
  homeModule,
  sampleCartModule,
  formDictionaryModule,
  locationModule,
  companyModule,
  sampleApplicationModule,
  quoteModule,
  planModule,
  grantModule,
  paymentModule,
  orderModule,
  invoiceModule,
  salesOrderModule,
  documentRequestModule,
  changeNoticeModule,
  batchModule,
  registrationImportModule,
  userAdminModule,
  dashboardModule,
  seoModule,
  backupModule,
];

/**
 * What the modules supply to one another's repositories (Ports), gathered from their manifests; throws
 * when a module needs a port that no module of the list supplies (it would fail at its first query).
 */
export function portsOf(modules: readonly ServerModule[]): Ports {
  const ports = Object.assign({}, ...modules.map((module) => module.ports ?? {})) as Partial<Ports>;
  for (const module of modules) {
    for (const name of module.portsNeeded ?? []) {
      if (!(name in ports)) throw new Error(`module ${module.name} needs the port ${name}, which no module of the list supplies`);
    }
  }
  return ports as Ports;
}

/**
 * The transactor over every module's repositories: a transaction's bag holds each module's own. Typed
 * by what the caller reads (`transactorOf<OrderRepositories>(db)` in a test), `never` for the modules.
 */
export function transactorOf<R extends object = never>(db: Db, signals?: SignalBus, modules: readonly ServerModule[] = serverModules): Transactor<R> {
  const ports = portsOf(modules);
  const repositories = (handle: Db, tx: Tx) => Object.assign({}, ...modules.map((module) => module.repositories?.(handle, tx, ports) ?? {})) as never;
  return new Transactor<R>(db, repositories, signals);
}
