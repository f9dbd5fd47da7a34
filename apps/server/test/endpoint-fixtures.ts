import { randomUUID } from 'node:crypto';
import { transactorOf } from '../src/modules.js';
import type { AccountRepositories } from '../src/modules/account/account.repositories.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  AddToCartResult,
  AdminChangeNotice,
  Address,
  Company,
  CompanyInvitation,
  DocumentRequest,
  MyConfidentiality,
  MyCompany,
  endpoints,
  ExcipientDetail,
  Favorite,
  GrantList,
  Invoice,
  InvoiceTitle,
  NoticePage,
  Order,
  PayResponse,
  Quote,
  QuoteRevision,
  SalesOrderPage,
  REGISTRATION_CSV_COLUMNS,
  RegistrationImportPreview,
  RegistrationWatch,
  SampleApplication,
  User,
  type StaffRole,
} from '@fuliaotong/contracts';
import type { Database } from '../src/db/database.js';
import { TokenService } from '../src/modules/account/token.service.js';
import { bearer, GOOD_PASSWORD, insertAccount, multipart, newAccount, registerMember } from './accounts.js';
import { PNG } from './fixture-files.js';
import { parsed } from './responses.js';
import { createProduct, registerStaff } from './samples.js';
import { databaseOf, jwtSecretOf } from './test-app.js';

/*
 * Fixtures for the tests that walk the endpoint table (the authorization matrix, the fuzz test): a
 * member who owns one row of every kind, and path parameters naming a row of each kind the table
 * declares (`rows.kind`). A new kind of row in the table needs an entry in `rowParams`.
 */

export type Session = Awaited<ReturnType<typeof registerMember>>;

/** The rows a member owns: the ones other users must not reach. */
export interface Owned {
  address: number;
  notice: number;
  favorite: number;
  registrationWatch: number;
  cartItem: number;
  application: number;
  avatar: string;
  /** The member's own account (the users desk names it). */
  user: number;
  /** An order of the first plan, to be paid by bank transfer. */
  order: number;
  /** An invoice title, and an invoice asked for with it (of a second order, paid in the sandbox). */
  invoiceTitle: number;
  invoice: number;
  /** The grant that paid order gave (a database subscription: no seats to give). */
  grant: number;
  /** The owner's company (its 管理员; pending, its licence uploaded), a second member of it, and an invitation it sent. */
  company: number;
  companyMember: number;
  companyInvitation: number;
  /** An invitation to the owner from another company. */
  invitationToMe: number;
  /** A price request of the owner's (for the owner's company), quoted by the sales staff: its first revision. */
  quote: number;
  quoteRevision: number;
  /** A sales order of the owner's: a second request of theirs, quoted and accepted. */
  salesOrder: number;
  /** A document request of the owner's (who also holds 质量 in their company and signed the current 保密协议), pending. */
  documentRequest: number;
  /** A change notice published on a product the owner keeps among their favorites (it reached them), and a draft on it. */
  changeNotice: number;
  changeNoticeDraft: number;
}

/** The demo product the fixtures use (the demo content must be seeded). */
export async function demoExcipient(app: FastifyInstance): Promise<ExcipientDetail> {
  return parsed(await app.inject({ method: 'GET', url: '/api/app/excipient/1' }), ExcipientDetail);
}

/** Path parameters naming a row of each kind the table declares (`rows.kind`). */
export const rowParams: Record<string, (owned: Owned, excipient: ExcipientDetail) => Record<string, string | number>> = {
  address: (o) => ({ id: o.address }),
  notice: (o) => ({ id: o.notice }),
  favorite: (o) => ({ id: o.favorite }),
  registrationWatch: (o) => ({ id: o.registrationWatch }),
  cartItem: (o) => ({ id: o.cartItem }),
  application: (o) => ({ id: o.application }),
  avatar: (o) => ({ name: o.avatar }),
  user: (o) => ({ id: o.user }),
  order: (o) => ({ id: o.order }),
  invoiceTitle: (o) => ({ id: o.invoiceTitle }),
  grant: (o) => ({ id: o.grant }),
  invoice: (o) => ({ id: o.invoice }),
  company: (o) => ({ id: o.company }),
  companyMember: (o) => ({ id: o.company, userId: o.companyMember }),
  companyInvitation: (o) => ({ id: o.company, invitationId: o.companyInvitation }),
  invitationToMe: (o) => ({ id: o.invitationToMe }),
  quote: (o) => ({ id: o.quote }),
  quoteRevision: (o) => ({ id: o.quote, revisionId: o.quoteRevision }),
  /** The owner's price request and its quote, as the sales desk sees them. */
  quoteRow: (o) => ({ id: o.quote }),
  quoteRevisionRow: (o) => ({ id: o.quote, revisionId: o.quoteRevision }),
  salesOrder: (o) => ({ id: o.salesOrder }),
  /** The owner's sales order, as the desk sees it. */
  salesOrderRow: (o) => ({ id: o.salesOrder }),
  documentRequest: (o) => ({ id: o.documentRequest }),
  /** The owner's document request, as the quality desk sees it. */
  documentRequestRow: (o) => ({ id: o.documentRequest }),
  changeNotice: (o) => ({ id: o.changeNotice }),
  /** The notice that reached the owner, as the quality desk sees it; and a draft the desk may change and publish. */
  changeNoticeRow: (o) => ({ id: o.changeNotice }),
  changeNoticeDraft: (o) => ({ id: o.changeNoticeDraft }),
  /** The demo's first batch (released; its number and check code are the COA lookup's example). */
  batchRow: () => ({ id: 1 }),
  /** The owner's company, as the sales desk sees it. */
  companyRow: (o) => ({ id: o.company }),
  /** The owner's invoice request, as the invoice desk sees it. */
  invoiceRequest: (o) => ({ id: o.invoice }),
  excipient: (_o, e) => ({ id: e.id }),
  /** An excipient the products desk may rewrite: another than the one the other fixtures use. */
  excipientRow: (_o, e) => ({ id: e.id + 1 }),
  document: (_o, e) => ({ id: e.id, docId: e.documents.find((d) => d.access === 'public')!.id }),
  registration: () => ({ id: 1 }),
  registrationImport: () => ({ id: 1 }),
  regulation: () => ({ id: 1 }),
  news: () => ({ id: 1 }),
  /** Articles the articles desk may rewrite: others than the ones the other fixtures read. */
  newsArticle: () => ({ id: 2 }),
  regulationArticle: () => ({ id: 2 }),
  articleImage: (o) => ({ name: o.avatar }),
  standard: () => ({ id: 1 }),
  /** Rows the databases desk may rewrite or delete: others than the ones the other fixtures read. */
  standardRow: () => ({ id: 2 }),
  /** A plan the plan desk may rewrite: another than the first (the yearly membership). */
  plan: () => ({ id: 2 }),
  usageRow: () => ({ id: 2 }),
  build: () => ({ id: 'test-build' }),
};

/**
 * A new member owning one row of every kind: an address, a notice, a favorite, a registration watch, a
 * cart item, an application, an avatar, an order, an invoice title and an invoice, a company, and a
 * price request the sales staff have quoted.
 */
export async function ownerWithRows(app: FastifyInstance, excipient: ExcipientDetail): Promise<{ owner: Session; owned: Owned }> {
  const owner = await registerMember(app);
  const h = bearer(owner.token);
  const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  const address = parsed(await call('POST', '/api/app/address', endpoints.addressCreate.example.body), Address);
  const notices = parsed(await call('GET', '/api/app/notice'), NoticePage);
  const favorite = parsed(await call('POST', '/api/app/favorite', { targetType: 'excipient', targetId: excipient.id }), Favorite);
  const watch = parsed(await call('POST', '/api/app/registration-watch', { scope: 'registration', registrationId: 1 }), RegistrationWatch);
  const upload = multipart(PNG, 'a.png', 'image/png');
  const user = parsed(
    await app.inject({ method: 'POST', url: '/api/app/account/avatar', payload: upload.payload, headers: { ...upload.headers, ...h } }),
    User,
  );
  const cart = parsed(await call('POST', '/api/app/sample/sample-cart', { excipientId: excipient.id, specId: excipient.specs[0]!.id }), AddToCartResult);
  const application = parsed(await call('POST', '/api/app/sample/or-update', endpoints.applicationSubmit.example.body), SampleApplication);
  const order = parsed(await call('POST', '/api/app/order', { planId: 1 }), Order);
  parsed(await call('POST', `/api/app/order/${order.id}/pay`, { method: 'bank' }), PayResponse);
  const paid = parsed(await call('POST', '/api/app/order', { planId: 4 }), Order);
  const wechat = parsed(await call('POST', `/api/app/order/${paid.id}/pay`, { method: 'wechat' }), PayResponse);
  if (wechat.method !== 'wechat') throw new Error('not a WeChat answer');
  await app.inject({ method: 'POST', url: `${new URL(wechat.codeUrl).pathname}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  const title = parsed(await call('POST', '/api/app/invoice-title', endpoints.invoiceTitleCreate.example.body), InvoiceTitle);
  const invoice = parsed(await call('POST', '/api/app/invoice', { orderId: paid.id, titleId: title.id }), Invoice);
  const grants = parsed(await call('GET', '/api/app/grant'), GrantList);
  const companies = await companyRows(app, owner);
  const quote = await quoteRows(app, owner);
  const documentRequest = await documentRequestOf(app, owner, companies.company);
  const changeNotices = await changeNoticesOf(app, owner);
  return {
    owner,
    owned: {
      address: address.id,
      notice: notices.items[0]!.id,
      favorite: favorite.id,
      registrationWatch: watch.id,
      cartItem: cart.item.id,
      application: application.id,
      avatar: user.avatar!.split('/').pop()!,
      user: owner.user.id,
      order: order.id,
      invoiceTitle: title.id,
      invoice: invoice.id,
      grant: grants.items[0]!.id,
      ...companies,
      ...quote,
      documentRequest,
      ...changeNotices,
    },
  };
}

/**
 * The owner (their company's 管理员) takes the 质量 role too, signs the current 保密协议 (the demo
 * content publishes one) and asks, as the table's example does, for a letter of authorization.
 */
async function documentRequestOf(app: FastifyInstance, owner: Session, company: number): Promise<number> {
  const h = bearer(owner.token);
  const roles = await app.inject({ method: 'PUT', url: `/api/app/company/${company}/member/${owner.user.id}`, headers: h, payload: { roles: ['admin', 'quality'] } });
  if (roles.statusCode !== 200) throw new Error(`could not take the quality role: ${roles.body}`);
  const current = parsed(await app.inject({ method: 'GET', url: '/api/app/confidentiality-agreement', headers: h }), MyConfidentiality).current;
  if (!current) throw new Error('no confidentiality agreement is published (seed the demo content)');
  parsed(await app.inject({ method: 'POST', url: '/api/app/confidentiality-agreement/accept', headers: h, payload: { version: current.version } }), MyConfidentiality);
  return parsed(await app.inject({ method: 'POST', url: '/api/app/document-request', headers: h, payload: endpoints.documentRequestCreate.example.body }), DocumentRequest).id;
}

/** A quality staff member per app, who writes and publishes the owners' change notices. */
const qualityDesks = new WeakMap<FastifyInstance, Promise<Record<string, string>>>();

/**
 * A change notice that reached the owner: on a product of its own (so that each notice reaches only its
 * owner and their colleagues, not every earlier owner), which the owner keeps among their favorites;
 * and a draft on the same product.
 */
async function changeNoticesOf(app: FastifyInstance, owner: Session): Promise<{ changeNotice: number; changeNoticeDraft: number }> {
  let quality = qualityDesks.get(app);
  if (!quality) {
    quality = registerStaff(app, databaseOf(app), ['quality']).then((staff) => staff.headers);
    qualityDesks.set(app, quality);
  }
  const product = await createProduct(databaseOf(app), { specs: 1 });
  parsed(await app.inject({ method: 'POST', url: '/api/app/favorite', headers: bearer(owner.token), payload: { targetType: 'excipient', targetId: product.excipientId } }), Favorite);
  const body = { ...endpoints.adminChangeNoticeCreate.example.body, excipientId: product.excipientId };
  const [published, draft] = await Promise.all(
    [0, 1].map(async () => parsed(await app.inject({ method: 'POST', url: '/api/admin/change-notice', headers: await quality, payload: body }), AdminChangeNotice)),
  );
  parsed(await app.inject({ method: 'POST', url: `/api/admin/change-notice/${published!.id}/publish`, headers: await quality }), AdminChangeNotice);
  return { changeNotice: published!.id, changeNoticeDraft: draft!.id };
}

/**
 * The owner's company with its licence uploaded, a colleague who accepted the owner's invitation, an
 * invitation waiting for a third address, and an invitation to the owner from another member's company.
 */
async function companyRows(app: FastifyInstance, owner: Session) {
  const as = (session: Session) => (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(session.token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const company = parsed(await as(owner)('POST', '/api/app/company', endpoints.companyCreate.example.body), Company);
  const licence = multipart(PNG, 'licence.png', 'image/png');
  parsed(await app.inject({ method: 'POST', url: `/api/app/company/${company.id}/license`, payload: licence.payload, headers: { ...licence.headers, ...bearer(owner.token) } }), Company);
  const colleague = await quickMember(app);
  parsed(await as(owner)('POST', `/api/app/company/${company.id}/invitation`, { account: colleague.account, roles: ['purchasing'] }), CompanyInvitation);
  const invited = parsed(await as(colleague)('GET', '/api/app/company'), MyCompany).invitations[0]!;
  parsed(await as(colleague)('POST', `/api/app/company-invitation/${invited.id}/accept`), Company);
  const waiting = parsed(await as(owner)('POST', `/api/app/company/${company.id}/invitation`, { account: `waiting-${company.id}@example.com`, roles: ['quality'] }), CompanyInvitation);
  const elsewhere = await quickMember(app);
  const other = parsed(await as(elsewhere)('POST', '/api/app/company', { ...endpoints.companyCreate.example.body, name: '江苏另一制药有限公司' }), Company);
  parsed(await as(elsewhere)('POST', `/api/app/company/${other.id}/invitation`, { account: owner.account, roles: ['rnd'] }), CompanyInvitation);
  const toMe = parsed(await as(owner)('GET', '/api/app/company'), MyCompany).invitations[0]!;
  return { company: company.id, companyMember: colleague.user.id, companyInvitation: waiting.id, invitationToMe: toMe.id };
}

/** A sales staff member per app, who quotes the owners' price requests (one is enough: no operation ends their session). */
const quoters = new WeakMap<FastifyInstance, Promise<Record<string, string>>>();

/**
 * The owner's price request (as the table's example asks, for the owner's company), quoted once by the
 * sales staff; and a second one, quoted and accepted by the owner (the company's 管理员): its sales order.
 */
async function quoteRows(app: FastifyInstance, owner: Session) {
  let sales = quoters.get(app);
  if (!sales) {
    sales = registerStaff(app, databaseOf(app), ['sales']).then((staff) => staff.headers);
    quoters.set(app, sales);
  }
  const quoted = async () => {
    const request = parsed(await app.inject({ method: 'POST', url: '/api/app/quote', headers: bearer(owner.token), payload: endpoints.quoteCreate.example.body }), Quote);
    const revision = await app.inject({ method: 'POST', url: `/api/admin/quote/${request.id}/revision`, headers: await sales, payload: endpoints.adminQuoteRevise.example.body });
    return { request, revision: parsed(revision, QuoteRevision) };
  };
  const [open, accepted] = await Promise.all([quoted(), quoted()]);
  parsed(await app.inject({ method: 'POST', url: `/api/app/quote/${accepted.request.id}/accept`, headers: bearer(owner.token), payload: { revisionId: accepted.revision.id } }), Quote);
  const orders = parsed(await app.inject({ method: 'GET', url: '/api/app/sales-order', headers: bearer(owner.token) }), SalesOrderPage);
  return { quote: open.request.id, quoteRevision: open.revision.id, salesOrder: orders.items[0]!.id };
}

/**
 * What the staff desks' examples name: the site's settings as the table's example sets them (so that
 * the QR code it names exists), and a previewed registration import (the first: id 1).
 */
export async function staffFixtures(app: FastifyInstance, database: Database): Promise<void> {
  const admin = await registerStaff(app, database, ['admin', 'editor']);
  const site = await app.inject({ method: 'PUT', url: '/api/admin/settings/site', headers: admin.headers, payload: endpoints.adminUpdateSiteSettings.example.body });
  if (site.statusCode !== 200) throw new Error(`could not configure the site: ${site.body}`);
  const csv = multipart(Buffer.from(`${REGISTRATION_CSV_COLUMNS.join(',')}\n`, 'utf8'), 'empty.csv', 'text/csv');
  const preview = await app.inject({ method: 'POST', url: '/api/admin/registration/import', headers: { ...admin.headers, ...csv.headers }, payload: csv.payload });
  if (preview.statusCode !== 201 || parsed(preview, RegistrationImportPreview).id !== 1) throw new Error(`could not preview an import: ${preview.body}`);
}

/** A path with its `:name` parameters filled in (each encoded as a path segment). */
export function pathWith(path: string, params: Record<string, unknown>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for the path parameter :${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

/**
 * A new session of an existing user, as logging in would start it, without the password hash (a
 * tenth of a second each): for tests that need many sessions. The app must sign with `jwtSecret`.
 */
export async function newSessionToken(database: Database, jwtSecret: Uint8Array, userId: number): Promise<string> {
  const user = await transactorOf<AccountRepositories>(database.db).on().accounts.findById(userId);
  if (!user) throw new Error(`no user ${userId}`);
  const sessionId = randomUUID();
  const { token, expiresAt } = await new TokenService(jwtSecret).sign({ userId, sessionId, version: user.tokenVersion });
  await transactorOf<AccountRepositories>(database.db).on().sessions.create({ id: sessionId, userId, expiresAt });
  return token;
}

/**
 * A new account with the test password (GOOD_PASSWORD) and a session of its own, written straight into
 * the database: no verification code, no password hash of its own. For tests that need many callers
 * (the authorization matrix makes four for each operation); staff when `roles` are given. Registration
 * itself is tested in the account module.
 */
export async function quickSession(
  app: FastifyInstance,
  database: Database,
  jwtSecret: Uint8Array,
  roles: StaffRole[] = [],
  options: { verified?: boolean } = {},
): Promise<Session> {
  const account = newAccount();
  const userId = await insertAccount(database, account, { roles, ...(roles.length > 0 ? { name: '审核员小张' } : {}), ...options });
  const token = await newSessionToken(database, jwtSecret, userId);
  const user = parsed(await app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(token) }), User);
  return { account, password: GOOD_PASSWORD, token, user };
}

/** A member of a test app written straight into its database, the address proved as a registration proves it, with a session. */
function quickMember(app: FastifyInstance): Promise<Session> {
  return quickSession(app, databaseOf(app), jwtSecretOf(app), [], { verified: true });
}
