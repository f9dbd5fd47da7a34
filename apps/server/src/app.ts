import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import { AVATAR_MAX_BYTES, endpoints, type BuildInfo } from '@fuliaotong/contracts';
import type { Config, MessagesConfig } from './config/config.js';
import type { Database, Db } from './db/database.js';
import { Transactor } from './db/transactor.js';
import { clientErrorHandler } from './http/client-errors.js';
import { AppError, frameworkErrors, notFoundBody, registerErrorHandling } from './http/errors.js';
import { registeredOperations } from './http/endpoint-routes.js';
import { registerOpenApi } from './http/openapi.js';
import { validatorCompiler } from './http/request-validation.js';
import { registerSharedAnswers } from './http/shared-answers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { loggerOptions, RequestLog, type LogDestination } from './logging/logger.js';
import { AccountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { AccountService } from './modules/account/account.service.js';
import { AddressRepository } from './modules/address/address.repository.js';
import { addressRoutes } from './modules/address/address.routes.js';
import { AddressService } from './modules/address/address.service.js';
import { ArticleRepository } from './modules/article/article.repository.js';
import { articleRoutes } from './modules/article/article.routes.js';
import { ArticleService } from './modules/article/article.service.js';
import { createAuthGuard, type Principal } from './modules/auth/auth.guard.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { defaultAuthLimits, Throttle, type AuthLimits } from './modules/auth/throttle.js';
import { ThrottleRepository } from './modules/auth/throttle.repository.js';
import { TokenService } from './modules/auth/token.service.js';
import { ExcipientRepository } from './modules/excipient/excipient.repository.js';
import { excipientRoutes } from './modules/excipient/excipient.routes.js';
import { ExcipientService } from './modules/excipient/excipient.service.js';
import { ExcipientAdminService } from './modules/excipient/excipient-admin.service.js';
import { excipientAdminRoutes } from './modules/excipient/excipient-admin.routes.js';
import { FavoriteRepository } from './modules/favorite/favorite.repository.js';
import { favoriteRoutes } from './modules/favorite/favorite.routes.js';
import { articleAdminRoutes } from './modules/article/article-admin.routes.js';
import { referenceAdminRoutes } from './modules/reference/reference-admin.routes.js';
import { PlanRepository } from './modules/plan/plan.repository.js';
import { planRoutes } from './modules/plan/plan.routes.js';
import { eraseBuyer, openOrdersBlocker } from './modules/order/order-deletion.js';
import { OrderRepository } from './modules/order/order.repository.js';
import { orderRoutes } from './modules/order/order.routes.js';
import { eraseInvoiceHolder, requestedInvoicesBlocker } from './modules/invoice/invoice-deletion.js';
import { InvoiceRepository } from './modules/invoice/invoice.repository.js';
import { invoiceRoutes } from './modules/invoice/invoice.routes.js';
import { InvoiceService } from './modules/invoice/invoice.service.js';
import { orderAdminRoutes } from './modules/order/order-admin.routes.js';
import { OrderAdminService } from './modules/order/order-admin.service.js';
import { OrderService } from './modules/order/order.service.js';
import { AlipayGateway } from './modules/payment/alipay.gateway.js';
import type { PaymentGateway } from './modules/payment/gateway.js';
import { generateSandboxKeys, sandboxSetup, type PaymentSetup } from './modules/payment/payment-setup.js';
import { paymentRoutes } from './modules/payment/payment.routes.js';
import { SandboxRepository } from './modules/payment/sandbox/sandbox.repository.js';
import { SandboxGateway } from './modules/payment/sandbox/sandbox-gateway.js';
import { sandboxPages } from './modules/payment/sandbox/sandbox.routes.js';
import { WechatPayGateway } from './modules/payment/wechat-pay.gateway.js';
import { eraseGrantHolder, seatsGivenBlocker } from './modules/grant/grant-deletion.js';
import { GrantRepository } from './modules/grant/grant.repository.js';
import { grantRoutes } from './modules/grant/grant.routes.js';
import { GrantService } from './modules/grant/grant.service.js';
import { PlanService } from './modules/plan/plan.service.js';
import { ReferenceAdminService } from './modules/reference/reference-admin.service.js';
import { ArticleAdminService } from './modules/article/article-admin.service.js';
import { RegistrationWatchRepository } from './modules/registration-watch/registration-watch.repository.js';
import { registrationWatchRoutes } from './modules/registration-watch/registration-watch.routes.js';
import { RegistrationWatchService } from './modules/registration-watch/registration-watch.service.js';
import { FavoriteService } from './modules/favorite/favorite.service.js';
import { FileRepository } from './modules/files/file.repository.js';
import { DatabaseFileStore } from './modules/files/file-store.js';
import { FormDictionaryRepository } from './modules/form-dictionary/form-dictionary.repository.js';
import { formDictionaryRoutes } from './modules/form-dictionary/form-dictionary.routes.js';
import { FormDictionaryService } from './modules/form-dictionary/form-dictionary.service.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { JobRepository } from './modules/jobs/job.repository.js';
import { JobRunner } from './modules/jobs/job-runner.js';
import { HomeService } from './modules/home/home.service.js';
import { messageDrivers } from './modules/messages/message-drivers.js';
import { MessageService } from './modules/messages/message.service.js';
import { OutboxRepository } from './modules/messages/outbox.repository.js';
import { noticeRoutes } from './modules/notice/notice.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { LocationService } from './modules/location/location.service.js';
import { NoticeRepository } from './modules/notice/notice.repository.js';
import { NoticeService } from './modules/notice/notice.service.js';
import { ReferenceRepository } from './modules/reference/reference.repository.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { ReferenceService } from './modules/reference/reference.service.js';
import { RegistrationRepository } from './modules/registration/registration.repository.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { RegistrationService } from './modules/registration/registration.service.js';
import { SearchRepository } from './modules/search/search.repository.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { SEARCH_COUNT_CAP, SearchService } from './modules/search/search.service.js';
import { StaffAlerts } from './modules/notice/staff-alerts.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { SearchLogRepository } from './modules/search/search-log.repository.js';
import { applicationAdminRoutes } from './modules/sample-application/application-admin.routes.js';
import { userAdminRoutes } from './modules/account/user-admin.routes.js';
import { UserAdminService } from './modules/account/user-admin.service.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { AuditService } from './modules/audit/audit.service.js';
import { SampleApplicationRepository } from './modules/sample-application/sample-application.repository.js';
import { sampleApplicationRoutes } from './modules/sample-application/sample-application.routes.js';
import { SampleApplicationService } from './modules/sample-application/sample-application.service.js';
import { SampleCartRepository } from './modules/sample-cart/sample-cart.repository.js';
import { sampleCartRoutes } from './modules/sample-cart/sample-cart.routes.js';
import { SampleCartService } from './modules/sample-cart/sample-cart.service.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { LegalTextService } from './modules/site/legal-text.service.js';
import { SiteService } from './modules/site/site.service.js';
import { RegistrationImportRepository } from './modules/registration-import/registration-import.repository.js';
import { RegistrationImportService } from './modules/registration-import/registration-import.service.js';
import { registrationImportRoutes } from './modules/registration-import/registration-import.routes.js';
import { siteRoutes } from './modules/site/site.routes.js';
import { SampleLimitsService } from './modules/settings/settings.service.js';
import { SystemRepository } from './modules/system/system.repository.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { SystemService } from './modules/system/system.service.js';
import { makeCaptcha, type CaptchaMaker } from './modules/verification/captcha.js';
import { MessageCodeSender } from './modules/verification/code-sender.js';
import { VerificationRepository } from './modules/verification/verification.repository.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { defaultVerificationLimits, VerificationService, type VerificationLimits } from './modules/verification/verification.service.js';
import { CART_CHANGED, CONTENT_CHANGED } from './db/signals.js';
import { PageCache } from './web/page-cache.js';
import type { WebBuild, WebDevSource } from './web/web-build.js';
import { webPlugin } from './web/web.plugin.js';

export interface AppDependencies {
  config: Pick<
    Config,
    'LOG_LEVEL' | 'API_BASE' | 'NODE_ENV' | 'TRUST_PROXY' | 'SITE_URL' | 'PAGE_CACHE_SECONDS' | 'PAGE_CACHE_MAX_ENTRIES' | 'PAGE_CACHE_MAX_MB'
  >;
  database: Database;
  /** The web app's production build, or its sources in development; without it only the API is served (API tests). */
  web?: WebBuild | WebDevSource;
  /** Used when there is no web build. */
  build?: BuildInfo;
  auth: {
    /** The HS256 key of session tokens (see loadJwtSecret). */
    jwtSecret: Uint8Array;
    /** Log-in and registration limits; the defaults unless a test changes them. */
    limits?: Partial<AuthLimits>;
    /**
     * How long what a bearer token stands for is reused (SessionCache; at most 1000 ms: other processes
     * must refuse a token logged out elsewhere within a second). 0 (default) reads the session on every
     * request: tests change the database behind the app's back. The server (main.ts) uses 1000.
     */
    sessionCacheMs?: number;
  };
  /** Verification codes: the sending limits and the captcha maker; the defaults unless a test changes them. */
  verification?: {
    limits?: Partial<VerificationLimits>;
    makeCaptcha?: CaptchaMaker;
  };
  /** The clock of every time-dependent rule (codes, consent and deletion times, jobs); the real one unless a test moves it. */
  now?: () => Date;
  /** Told of every route as it is registered. */
  onRoute?: (route: RegisteredRoute) => void;
  /** The background-job runner: started when the app is ready unless `start` is false (tests run it with `drain()`). */
  jobs?: { start?: boolean; pollMs?: number };
  /** SMS and e-mail drivers (default: both `log`). */
  messages?: MessagesConfig;
  /** How payments are taken (default: the sandbox, with test keys made for this app). */
  payment?: PaymentSetup;
  /** Where log lines go (default: stdout); tests read them. */
  logDestination?: LogDestination;
}

const logMessages: MessagesConfig = { SMS_PROVIDER: 'log', SMTP_URL: 'log', ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com' };

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's background-job runner (docs/decisions/0019). */
    jobs: JobRunner;
    /** Outbound SMS and e-mail, sent by jobs after the commit of the change they report. */
    messages: MessageService;
  }
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Finished jobs (done or failed) stay visible in the table this long. */
const FINISHED_JOBS_KEPT_MS = 14 * 24 * HOUR;
/** Searches stay in the search log this long (the dashboard looks at the last 30 days). */
const SEARCH_LOG_KEPT_MS = 90 * 24 * HOUR;

/** A registered route, as `onRoute` reports it (tests check every one is authorised as intended). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const developmentBuild: BuildInfo = { id: 'dev', timestamp: 0 };
/** Other processes must refuse a token logged out elsewhere within a second. */
const MAX_SESSION_CACHE_MS = 1000;
/** Methods that change nothing: they leave the session cache as it is. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The payment gateways of a setup. In sandbox mode the stand-in of both gateways starts first (its API
 * on a loopback port, its pages on the site), and the drivers are pointed at it.
 */
async function paymentOf(app: FastifyInstance, db: Db, deps: AppDependencies) {
  const setup = deps.payment ?? sandboxSetup(generateSandboxKeys());
  const siteUrl = deps.config.SITE_URL;
  let sandbox: SandboxGateway | undefined;
  let wechat = setup.wechat;
  let alipay = setup.alipay;
  if (setup.sandbox) {
    sandbox = new SandboxGateway({
      repo: new SandboxRepository(db),
      keys: setup.sandbox,
      siteUrl,
      now: deps.now,
      // The stand-in's notifications reach this server as the gateway's would, bytes and headers as sent.
      deliver: async ({ url, headers, body }) => {
        const response = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
        return { status: response.statusCode, body: response.body };
      },
    });
    const base = await sandbox.baseUrl();
    app.addHook('onClose', async () => sandbox?.close());
    if (wechat) wechat = { ...wechat, baseUrl: `${base}/wechat/` };
    if (alipay) alipay = { ...alipay, gateway: `${base}/alipay/gateway.do`, cashier: `${siteUrl}/sandbox-pay/alipay/gateway.do` };
  }
  const gateways: Partial<Record<'wechat' | 'alipay', PaymentGateway>> = {};
  const keysOfWechat = wechat;
  const keysOfAlipay = alipay;
  if (keysOfWechat) gateways.wechat = new WechatPayGateway(() => keysOfWechat, `${siteUrl}/api/app/payment/notify/wechat`, deps.now);
  if (keysOfAlipay) gateways.alipay = new AlipayGateway(() => keysOfAlipay, `${siteUrl}/api/app/payment/notify/alipay`, deps.now);
  return { setup: { ...setup, wechat, alipay }, gateways, sandbox };
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Logs never hold a whole mobile number, e-mail address or code (logging/logger.ts).
    logger: deps.config.LOG_LEVEL === 'silent' ? false : loggerOptions(deps.config.LOG_LEVEL, deps.logDestination),
    logController: new RequestLog(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  if (deps.onRoute) {
    const report = deps.onRoute;
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) report({ method, url: route.url });
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  // Pages and API answers are compressed on the fly (brotli at a quality cheap enough per request);
  // the web build's scripts and stylesheets are sent from their precompressed copies instead.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // What every anonymous caller gets alike, pages and the API's shared reads: kept in this process and
  // emptied on any content change, in any process (docs/decisions/0030, 0035).
  const answerCache =
    deps.config.PAGE_CACHE_SECONDS > 0
      ? new PageCache({
          ttlMs: deps.config.PAGE_CACHE_SECONDS * 1000,
          maxEntries: deps.config.PAGE_CACHE_MAX_ENTRIES,
          maxBytes: deps.config.PAGE_CACHE_MAX_MB * 1024 * 1024,
        })
      : undefined;
  if (answerCache) {
    const stop = deps.database.signals.subscribe(CONTENT_CHANGED, () => answerCache.clear());
    app.addHook('onClose', async () => stop());
    registerSharedAnswers(app, answerCache, deps.database.signals);
  }
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await registerOpenApi(app);

  const db = deps.database.db;
  const transactor = new Transactor(db, deps.database.signals);
  // Signals between the processes on this database (docs/decisions/0030): what goes wrong with them is logged.
  const signalLog = app.log.child({ module: 'signals' });
  const stopSignalLog = deps.database.signals.onProblem(({ message, error }) => signalLog.warn({ err: error }, message));
  app.addHook('onClose', async () => stopSignalLog());
  const jobRepository = new JobRepository(db);
  const jobs = new JobRunner(jobRepository, {
    logger: app.log.child({ module: 'jobs' }),
    now: deps.now,
    pollMs: deps.jobs?.pollMs,
  });
  app.decorate('jobs', jobs);
  const messageLog = app.log.child({ module: 'messages' });
  const drivers = messageDrivers(deps.messages ?? logMessages, messageLog);
  const messages = new MessageService({
    transactor,
    outbox: new OutboxRepository(db),
    jobs,
    ...drivers,
    logger: messageLog,
    now: deps.now,
  });
  app.decorate('messages', messages);
  const accountRepository = new AccountRepository(db);
  const tokens = new TokenService(deps.auth.jwtSecret);
  const sessions = new SessionRepository(db);
  const throttle = new Throttle(new ThrottleRepository(db));
  // Every module's routes come from the endpoint table; the guard enforces each one's access level.
  const sessionCacheMs = Math.min(deps.auth.sessionCacheMs ?? 0, MAX_SESSION_CACHE_MS);
  const sessionCache = sessionCacheMs > 0 ? new SessionCache<Principal | null>(sessionCacheMs, deps.now ?? (() => new Date())) : undefined;
  if (sessionCache) {
    // Anything but a read may have ended a session or changed a user: this process forgets what it cached
    // before the answer leaves, so the next request here sees the change.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!READ_METHODS.has(request.method)) sessionCache.clear();
      done(null, payload);
    });
  }
  const guard = createAuthGuard(tokens, sessions, deps.now, sessionCache);
  const operations = registeredOperations(app);

  const build = deps.web?.info ?? deps.build ?? developmentBuild;
  const system = new SystemService(new SystemRepository(db), build);
  await app.register(systemRoutes, { system, dbKind: deps.database.kind, guard });
  const notices = new NoticeService(new NoticeRepository(db));
  const favorites = new FavoriteService(new FavoriteRepository(db), transactor);
  const addresses = new AddressService(new AddressRepository(db), transactor);
  // Samples: limits the staff change at run time, the cart, the application form's option lists, applications.
  const sampleLimits = new SampleLimitsService(new SettingsRepository(db), transactor);
  // The cart badge's count: kept as briefly as sessions, dropped at once when the user's rows change here
  // or elsewhere (the `cart` signal), and all of them on a content change (a deleted product takes rows with it).
  const cartCounts = sessionCacheMs > 0 ? new SessionCache<number>(sessionCacheMs, deps.now ?? (() => new Date())) : undefined;
  if (cartCounts) {
    const signals = deps.database.signals;
    const stops = [
      signals.subscribe(CART_CHANGED, (userId) => (userId ? cartCounts.forget(userId) : cartCounts.clear())),
      signals.subscribe(CONTENT_CHANGED, () => cartCounts.clear()),
    ];
    app.addHook('onClose', async () => stops.forEach((stop) => stop()));
  }
  const cartRows = new SampleCartRepository(db, (userId) => void deps.database.signals.publish(CART_CHANGED, String(userId)));
  const cart = new SampleCartService(cartRows, sampleLimits, transactor, cartCounts);
  const dictionary = new FormDictionaryService(new FormDictionaryRepository(db));
  const files = new DatabaseFileStore(new FileRepository(db));
  const staffAlerts = new StaffAlerts({ notices, messages, siteUrl: deps.config.SITE_URL });
  const applications = new SampleApplicationService({
    applications: new SampleApplicationRepository(db),
    accounts: accountRepository,
    transactor,
    files,
    cart,
    limits: sampleLimits,
    dictionary,
    addresses,
    notices,
    messages,
    siteUrl: deps.config.SITE_URL,
    staffAlerts,
  });
  // Verification codes: hashed in the database, sent by SMS or e-mail through the message service.
  const codeSender = new MessageCodeSender(messages);
  const verification = new VerificationService({
    codes: new VerificationRepository(db),
    transactor,
    sender: codeSender,
    limits: { ...defaultVerificationLimits, ...deps.verification?.limits },
    secret: deps.auth.jwtSecret,
    makeCaptcha: deps.verification?.makeCaptcha ?? makeCaptcha,
    now: deps.now,
  });
  // The company's details and the legal texts (a registration records the version agreed to).
  const site = new SiteService(new SettingsRepository(db), transactor, files);
  const legal = new LegalTextService(new SettingsRepository(db), transactor, site);
  const accounts = new AccountService({
    accounts: accountRepository,
    transactor,
    tokens,
    sessions,
    throttle,
    limits: { ...defaultAuthLimits, ...deps.auth.limits },
    notices,
    files,
    favorites,
    applications,
    verification,
    policyVersion: () => legal.policyVersion(),
    // What each module's records make of a deletion (docs/decisions/0042; the tables' declarations are in their schema files).
    deletion: {
      blockers: [(userId, within) => applications.deletionBlocker(userId, within), openOrdersBlocker, requestedInvoicesBlocker, seatsGivenBlocker],
      anonymisers: [(userId, within) => applications.anonymiseApplicant(userId, within), eraseBuyer, eraseInvoiceHolder, eraseGrantHolder],
    },
    now: deps.now,
  });
  app.decorateRequest('principal', null);
  await app.register(accountRoutes, { accounts, guard });
  await app.register(verificationRoutes, { verification, guard });
  await app.register(addressRoutes, { addresses, guard });
  await app.register(noticeRoutes, { notices, guard });

  // Public information: catalogue, databases, regulations, news, search; favorites.
  const excipientRepository = new ExcipientRepository(db);
  const registrationRepository = new RegistrationRepository(db);
  const articleRepository = new ArticleRepository(db);
  const reference = new ReferenceService(new ReferenceRepository(db));
  await app.register(excipientRoutes, {
    excipients: new ExcipientService(excipientRepository, registrationRepository, favorites, files),
    guard,
  });
  const registrationWatches = new RegistrationWatchService(new RegistrationWatchRepository(db), registrationRepository, notices, transactor);
  await app.register(registrationRoutes, {
    registrations: new RegistrationService(registrationRepository, favorites, excipientRepository, registrationWatches),
    guard,
  });
  await app.register(registrationWatchRoutes, { watches: registrationWatches, guard });
  await app.register(referenceRoutes, { reference, guard });
  await app.register(articleRoutes, { articles: new ArticleService(articleRepository, favorites), guard });
  const searchLog = new SearchLogRepository(db);
  await app.register(searchRoutes, { search: new SearchService(new SearchRepository(db, SEARCH_COUNT_CAP), searchLog, deps.now), guard });
  await app.register(favoriteRoutes, { favorites, guard });
  await app.register(homeRoutes, { home: new HomeService(excipientRepository, reference, articleRepository), guard });

  // Samples: the cart, the application form's option lists and the caller's region, applications; staff pages.
  await app.register(sampleCartRoutes, { cart, guard });
  await app.register(formDictionaryRoutes, { dictionary, guard });
  await app.register(locationRoutes, { location: new LocationService(), guard });
  await app.register(sampleApplicationRoutes, { applications, guard });
  await app.register(applicationAdminRoutes, { applications, guard });
  await app.register(settingsRoutes, { sampleLimits, guard });

  // The administrators' desk: the company's details, users and roles, the audit log.
  await app.register(excipientAdminRoutes, { products: new ExcipientAdminService(excipientRepository, files, transactor), guard });
  await app.register(registrationImportRoutes, {
    imports: new RegistrationImportService(new RegistrationImportRepository(db), registrationRepository, files, transactor, registrationWatches),
    guard,
  });
  await app.register(planRoutes, {
    plans: new PlanService(new PlanRepository(db), transactor, { reference: new ReferenceRepository(db), excipients: excipientRepository }),
    guard,
  });
  const grantRepository = new GrantRepository(db);
  const grants = new GrantService(grantRepository, deps.now, { transactor, notices, messages, siteUrl: deps.config.SITE_URL });
  await app.register(grantRoutes, { grants, guard });
  const payment = await paymentOf(app, db, deps);
  const orders = new OrderService({
    orders: new OrderRepository(db),
    invoices: new InvoiceRepository(db),
    transactor,
    grants,
    notices,
    staffAlerts,
    files,
    setup: payment.setup,
    gateways: payment.gateways,
    siteUrl: deps.config.SITE_URL,
    logger: app.log.child({ module: 'orders' }),
    now: deps.now,
  });
  await app.register(orderRoutes, { orders, guard });
  await app.register(orderAdminRoutes, {
    desk: new OrderAdminService({
      orders: new OrderRepository(db),
      payments: orders,
      transactor,
      notices,
      staffAlerts,
      files,
      gateways: payment.gateways,
      logger: app.log.child({ module: 'orders' }),
      now: deps.now,
    }),
    guard,
  });
  await app.register(paymentRoutes, { orders, gateways: payment.gateways, guard });
  await app.register(invoiceRoutes, {
    invoices: new InvoiceService({ invoices: new InvoiceRepository(db), transactor, files, notices, staffAlerts, now: deps.now }),
    guard,
  });
  // Holders of memberships and subscriptions hear 30, 7 and 1 days before they end.
  jobs.every('grants.remind', HOUR, async () => void (await grants.remindExpiring()));
  // Unpaid orders close at their deadline (and their gateway orders with them).
  jobs.every('orders.close-due', MINUTE, async () => void (await orders.closeDue()));
  await app.register(referenceAdminRoutes, { desk: new ReferenceAdminService(new ReferenceRepository(db), transactor), guard });
  await app.register(articleAdminRoutes, { articles: new ArticleAdminService(articleRepository, files, transactor, deps.now), guard });
  await app.register(siteRoutes, { site, legal, guard });
  const userAdmin = new UserAdminService({
    accounts: accountRepository,
    applications: new SampleApplicationRepository(db),
    grants: grantRepository,
    transactor,
    now: deps.now,
  });
  await app.register(userAdminRoutes, { userAdmin, guard });
  await app.register(dashboardRoutes, {
    dashboard: new DashboardService({ accounts: accountRepository, applications: new SampleApplicationRepository(db), searches: searchLog, now: deps.now }),
    guard,
  });
  await app.register(auditRoutes, { audit: new AuditService(new AuditRepository(db)), guard });
  const missing = Object.keys(endpoints).filter((operation) => !operations.has(operation));
  if (missing.length > 0) throw new Error(`operations of the endpoint table without a route: ${missing.join(', ')}`);

  // Plain routes: they win over the page renderer's catch-all registered below.
  if (payment.sandbox) await app.register(sandboxPages, { sandbox: payment.sandbox });
  await app.register(seoRoutes, { excipients: excipientRepository, articles: articleRepository, siteUrl: deps.config.SITE_URL });

  // Old log-in attempts, expired sessions, day-old codes and captchas and long-finished jobs are of no further use.
  jobs.every('maintenance.prune', HOUR, async () => {
    const now = new Date();
    await Promise.all([
      throttle.prune(),
      sessions.pruneExpired(now),
      verification.prune(),
      jobRepository.deleteFinishedBefore(new Date(now.getTime() - FINISHED_JOBS_KEPT_MS)),
      searchLog.prune(new Date(now.getTime() - SEARCH_LOG_KEPT_MS)),
    ]);
  });
  if (deps.jobs?.start !== false) {
    app.addHook('onReady', async () => jobs.start());
  }
  // Jobs in flight finish (or are left to their lease) before the database closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    drivers.mail.close?.();
  });

  // Unknown API paths answer the JSON error shape, never an HTML page.
  app.all('/api/*', async (request) => {
    throw new AppError('not_found', notFoundBody(request).error.message);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(notFoundBody(request));
  });

  if (deps.web) {
    await app.register(webPlugin, {
      build: deps.web,
      mode: deps.config.NODE_ENV === 'production' ? 'production' : 'development',
      apiBase: deps.config.API_BASE,
      siteUrl: deps.config.SITE_URL,
      pageCache: answerCache,
      pageCacheSeconds: deps.config.PAGE_CACHE_SECONDS,
      signals: deps.database.signals,
      loadContext: () => ({
        buildId: build.id,
        apiBase: deps.config.API_BASE,
        apiFetch: async (path, init) => {
          const response = await app.inject({
            method: (init?.method ?? 'GET') as 'GET',
            url: path,
            headers: init?.headers,
            payload: init?.body,
          });
          const empty = response.statusCode === 204 || response.statusCode === 304;
          return new Response(empty ? null : response.rawPayload, {
            status: response.statusCode,
            headers: response.headers as Record<string, string>,
          });
        },
      }),
    });
  }

  return app;
}
