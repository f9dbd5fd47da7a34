import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The words placeholder secrets are made of ("change-me-to-your-jwt-secret", "secretsecret…"). */
const PLACEHOLDER_WORDS =
  /metrics|prometheus|scrape|change|replace|insecure|placeholder|example|default|secret|password|token|jwt|key|your|my|the|this|here|with|please|random|long|string|value|least|characters|chars?|bytes|dev(elopment)?|production|test|more|new|use|set|me|to|at|of|or|in|a/g;

/**
 * Whether a secret is a placeholder rather than a random value: nothing is left once the words such
 * texts are made of, separators and digits are taken out (a random secret keeps plenty).
 */
function isPlaceholderSecret(value: string): boolean {
  return value.toLowerCase().replace(PLACEHOLDER_WORDS, '').replace(/[^a-z]/g, '') === '';
}

const optionalText = z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional());

/** What SMS_PROVIDER=aliyun needs, each named in the error when it is missing. */
export const ALIYUN_SMS_VARIABLES = [
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_VERIFICATION_CODE',
  'ALIYUN_SMS_TEMPLATE_APPLICATION_STATUS',
  'ALIYUN_SMS_TEMPLATE_QUOTE_STATUS',
  'ALIYUN_SMS_TEMPLATE_SALES_ORDER_STATUS',
  'ALIYUN_SMS_TEMPLATE_STAFF_NEW_WORK',
  'ALIYUN_SMS_TEMPLATE_CHANGE_NOTICE',
] as const;

/** What each online payment method needs in PAYMENT_MODE=live, each named in the error when it is missing. */
export const WECHAT_PAY_VARIABLES = [
  'WECHAT_PAY_MCHID',
  'WECHAT_PAY_APPID',
  'WECHAT_PAY_MERCHANT_SERIAL',
  'WECHAT_PAY_PRIVATE_KEY',
  'WECHAT_PAY_PUBLIC_KEY_ID',
  'WECHAT_PAY_PUBLIC_KEY',
  'WECHAT_PAY_APIV3_KEY',
] as const;
export const ALIPAY_VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
export const BANK_VARIABLES = ['BANK_ACCOUNT_NAME', 'BANK_NAME', 'BANK_ACCOUNT_NUMBER'] as const;
const PAYMENT_METHOD_NAMES = ['wechat', 'alipay', 'bank'] as const;

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /**
   * A direct connection to the same database when DATABASE_URL goes through a connection pooler in
   * transaction mode (PgBouncer, docs/decisions/0059): migrations (under a session-level advisory lock)
   * and the signal connection (LISTEN) use it; every query goes through DATABASE_URL. Unset:
   * DATABASE_URL is direct and serves all three.
   */
  DATABASE_DIRECT_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  DATABASE_SCHEMA: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL schema name')
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  /**
   * How many server processes `npm start` runs on PostgreSQL (node:cluster, one port): default one per
   * core. The embedded database serves one process, so without DATABASE_URL it is one whatever this says.
   */
  WEB_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(256).optional()),
  JWT_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes (256 bits)')
      .refine((v) => v.trim() !== '', 'must not be blank')
      .refine((v) => !isPlaceholderSecret(v), 'must be a random secret, not a placeholder (e.g. openssl rand -hex 32)')
      .optional(),
  ),
  /**
   * The bearer token of `GET /metrics` (Prometheus' text format, docs/decisions/0056): at least 16
   * characters, random (e.g. `openssl rand -hex 24`). Unset: /metrics is not there at all (404).
   */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => v.length >= 16, 'must be at least 16 characters')
      .refine((v) => v.trim() === v && !/\s/.test(v), 'must not contain spaces (it is sent in the Authorization header)')
      .refine((v) => !isPlaceholderSecret(v), 'must be a random token, not a placeholder (e.g. openssl rand -hex 24)')
      .optional(),
  ),
  /**
   * The site's public origin, as search engines, shared links, e-mails and payment gateways should name
   * it (sitemap.xml, robots.txt, links in messages, return and notification addresses, the address pages
   * are rendered for); never taken from the request's Host header, which the client chooses. Unset:
   * `http://localhost:${PORT}` (loadConfig), and a production start warns.
   */
  SITE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .refine((v) => /^https?:\/\/[^/?#]+\/?$/.test(v), 'must be an origin only, without a path, e.g. https://www.example.com')
      .transform((v) => v.replace(/\/$/, ''))
      .optional(),
  ),
  API_BASE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), 'must be a path or an http(s) URL')
      .default(''),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_BUILD_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  /**
   * Whether X-Forwarded-For names the client: `false` (default, the server faces the internet),
   * `true` (behind a reverse proxy that sets it), or the proxies' addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(true|false|[\d.:a-fA-F/]+(,\s*[\d.:a-fA-F/]+)*)$/, 'must be true, false or a list of proxy addresses')
      .default('false')
      .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  ),
  /** Seed the demo content (catalogue, registration records, regulations, news) into an empty database at start. */
  DEMO_CONTENT: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], 'must be true or false')
      .default('true')
      .transform((v) => v === 'true'),
  ),
  /**
   * The page cache (docs/decisions/0030): how long a page every visitor gets alike is kept in each
   * server process, and may be kept by a CDN (`s-maxage`; as long again stale while it revalidates).
   * A content change empties it at once; this bounds what changes by itself (a scheduled article).
   * 0 turns the cache off.
   */
  PAGE_CACHE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(30)),
  /** At most this many pages in each process's page cache… */
  PAGE_CACHE_MAX_ENTRIES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1000)),
  /** …and at most this many megabytes (with their compressed copies); the least recently used go first. */
  PAGE_CACHE_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65_536).default(64)),
  /**
   * `npm run dev`: serve the web app from its sources through Vite (hot reload) instead of the
   * production build. Not with NODE_ENV=production.
   */
  WEB_DEV_SERVER: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], 'must be true or false')
      .default('false')
      .transform((v) => v === 'true'),
  ),
  /**
   * How text messages leave: `log` (default; each SMS is one info line of the log with `smsTo` and
   * `smsText`, for development and tests) or `aliyun` (阿里云短信服务, signed template messages).
   */
  SMS_PROVIDER: z.preprocess(emptyAsUndefined, z.enum(['log', 'aliyun'], 'must be log or aliyun').default('log')),
  ALIYUN_ACCESS_KEY_ID: optionalText,
  ALIYUN_ACCESS_KEY_SECRET: optionalText,
  /** The approved signature (签名), e.g. 辅料通. */
  ALIYUN_SMS_SIGN_NAME: optionalText,
  /** Approved template codes (模板 CODE, `SMS_…`), one per kind of message. */
  ALIYUN_SMS_TEMPLATE_VERIFICATION_CODE: optionalText,
  ALIYUN_SMS_TEMPLATE_APPLICATION_STATUS: optionalText,
  ALIYUN_SMS_TEMPLATE_QUOTE_STATUS: optionalText,
  ALIYUN_SMS_TEMPLATE_SALES_ORDER_STATUS: optionalText,
  ALIYUN_SMS_TEMPLATE_STAFF_NEW_WORK: optionalText,
  ALIYUN_SMS_TEMPLATE_CHANGE_NOTICE: optionalText,
  /** The API's host (default: the service's public endpoint); tests point it at a local stand-in. */
  ALIYUN_SMS_ENDPOINT: z.preprocess(emptyAsUndefined, z.string().trim().min(1).default('dysmsapi.aliyuncs.com')),
  /**
   * How e-mail leaves: `log` (default; one info line with `mailTo`, `mailSubject`, `mailText`) or an
   * SMTP server, `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS).
   */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine((v) => v === 'log' || /^smtps?:\/\/[^/\s]+/.test(v), 'must be log or an smtp:// or smtps:// URL')
      .default('log'),
  ),
  /** The sender of e-mail, e.g. `辅料通 <no-reply@example.com>`; required with an SMTP server. */
  MAIL_FROM: optionalText,
  /**
   * `sandbox` (default): every online payment goes to the site's own stand-in of the gateways
   * (/sandbox-pay/…), signed with test keys generated into DATA_DIR, and every payment page says so.
   * `live`: the real gateways, with the keys below.
   */
  PAYMENT_MODE: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'live'], 'must be sandbox or live').default('sandbox')),
  /**
   * The ways to pay in live mode, comma-separated (wechat, alipay, bank). Unset: each whose keys (or
   * bank account) are all set. A method named here without all of its variables stops the start.
   */
  PAYMENT_METHODS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((v) => v.split(',').map((m) => m.trim()).filter(Boolean))
      .pipe(z.array(z.enum(PAYMENT_METHOD_NAMES, 'must list wechat, alipay or bank')))
      .optional(),
  ),
  /** 微信支付 (APIv3, 微信支付公钥 mode): 商户号, the AppID bound to it, the merchant API certificate's serial. */
  WECHAT_PAY_MCHID: optionalText,
  WECHAT_PAY_APPID: optionalText,
  WECHAT_PAY_MERCHANT_SERIAL: optionalText,
  /** The merchant API private key (apiclient_key.pem): PEM text or a file's path. */
  WECHAT_PAY_PRIVATE_KEY: optionalText,
  /** 微信支付公钥: its ID (PUB_KEY_ID_…) and the key (PEM text or a file's path). */
  WECHAT_PAY_PUBLIC_KEY_ID: optionalText,
  WECHAT_PAY_PUBLIC_KEY: optionalText,
  /** The APIv3 key (32 characters) that encrypts notifications. */
  WECHAT_PAY_APIV3_KEY: optionalText,
  WECHAT_PAY_BASE_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.mch.weixin.qq.com/')),
  /** 支付宝 (电脑网站支付 / 手机网站支付): the app's ID, its private key, and 支付宝公钥 (PEM text or a file's path). */
  ALIPAY_APP_ID: optionalText,
  ALIPAY_PRIVATE_KEY: optionalText,
  ALIPAY_PUBLIC_KEY: optionalText,
  ALIPAY_GATEWAY: z.preprocess(emptyAsUndefined, z.url().default('https://openapi.alipay.com/gateway.do')),
  /** 对公转账: the company's account shown to buyers. */
  BANK_ACCOUNT_NAME: optionalText,
  BANK_NAME: optionalText,
  BANK_ACCOUNT_NUMBER: optionalText,
  /**
   * Backups (docs/decisions/0057): the folder `npm run backup` writes into and, when set, where the
   * server itself writes one every BACKUP_INTERVAL_HOURS, keeping the newest BACKUP_KEEP. Unset: no
   * scheduled backups.
   */
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().trim().min(1).optional()),
  BACKUP_KEEP: z.preprocess(
    emptyAsUndefined,
    z.coerce.number('must be a whole number of backups to keep (e.g. 7)').int('must be a whole number').min(1, 'must be at least 1').max(1000).default(7),
  ),
  BACKUP_INTERVAL_HOURS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number('must be a number of hours (e.g. 24)').int('must be a whole number of hours').min(1, 'must be at least 1 hour').max(24 * 30, 'must be at most 720 hours (30 days)').default(24),
  ),
  /** Days an order paid by bank transfer waits for the money. */
  BANK_TRANSFER_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(60).default(7)),
}).superRefine((config, context) => {
  if (config.PAYMENT_MODE === 'live') {
    const required = { wechat: WECHAT_PAY_VARIABLES, alipay: ALIPAY_VARIABLES, bank: BANK_VARIABLES };
    for (const method of config.PAYMENT_METHODS ?? []) {
      for (const name of required[method]) {
        if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: `is required when PAYMENT_METHODS lists ${method} (PAYMENT_MODE=live)` });
      }
    }
  }
  if (config.DATABASE_DIRECT_URL && !config.DATABASE_URL) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_DIRECT_URL'],
      message: 'is only used with DATABASE_URL (the direct connection beside a pooled DATABASE_URL); set DATABASE_URL too, or unset it',
    });
  }
  if (config.WEB_DEV_SERVER && config.NODE_ENV === 'production') {
    context.addIssue({
      code: 'custom',
      path: ['WEB_DEV_SERVER'],
      message: 'must not be true with NODE_ENV=production (the development server is for development only)',
    });
  }
  if (config.SMS_PROVIDER === 'aliyun') {
    for (const name of ALIYUN_SMS_VARIABLES) {
      if (!config[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required when SMS_PROVIDER=aliyun' });
    }
  }
  if (config.BACKUP_DIR) {
    const backups = path.resolve(config.BACKUP_DIR);
    const data = path.resolve(config.DATA_DIR);
    if (backups === data || backups.startsWith(data + path.sep)) {
      context.addIssue({
        code: 'custom',
        path: ['BACKUP_DIR'],
        message: `must be outside DATA_DIR (${data}): a backup kept beside the data it saves is lost with it`,
      });
    }
  }
  if (config.SMTP_URL !== 'log' && !config.MAIL_FROM) {
    context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL names an SMTP server (e.g. 辅料通 <no-reply@example.com>)' });
  }
});

/** The configuration of outbound messages (SMS and e-mail drivers). */
export type MessagesConfig = Pick<
  Config,
  | 'SMS_PROVIDER'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'ALIYUN_SMS_ENDPOINT'
  | (typeof ALIYUN_SMS_VARIABLES)[number]
>;

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DATA_DIR' | 'SITE_URL' | 'BACKUP_DIR'> & {
  DATA_DIR: string;
  /** An absolute path, when set. */
  BACKUP_DIR?: string;
  SITE_URL: string;
  /** SITE_URL was not set: it is `http://localhost:${PORT}`, which only this machine reaches. */
  SITE_URL_DEFAULTED: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at boot; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const { SITE_URL, BACKUP_DIR, ...data } = result.data;
  return {
    ...data,
    DATA_DIR: path.resolve(data.DATA_DIR),
    ...(BACKUP_DIR ? { BACKUP_DIR: path.resolve(BACKUP_DIR) } : {}),
    SITE_URL: SITE_URL ?? `http://localhost:${data.PORT}`,
    SITE_URL_DEFAULTED: SITE_URL === undefined,
  };
}

/** The embedded database's folder (PGlite, used when DATABASE_URL is not set); the data-directory lock guards it. */
export function embeddedDatabaseDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.join(config.DATA_DIR, 'db');
}

/** How many processes `npm start` runs, and the line of its log that says why. */
export interface ServerProcesses {
  count: number;
  note: string;
}

/**
 * The processes of `npm start` (docs/decisions/0032-growing-past-one-machine.md): one per core (or
 * WEB_CONCURRENCY) on PostgreSQL, one on the embedded database. Several processes must sign session
 * tokens with one key, so they need JWT_SECRET: a key generated into DATA_DIR would not reach other hosts.
 */
export function serverProcesses(
  config: Pick<Config, 'DATABASE_URL' | 'WEB_CONCURRENCY' | 'JWT_SECRET'>,
  cores = availableParallelism(),
): ServerProcesses {
  const asked = config.WEB_CONCURRENCY;
  if (!config.DATABASE_URL) {
    return {
      count: 1,
      note:
        asked && asked > 1
          ? `WEB_CONCURRENCY=${asked} is ignored: the embedded database (PGlite) serves one process; set DATABASE_URL to run several`
          : 'one server process: the embedded database (PGlite) serves one process (with DATABASE_URL, one per core)',
    };
  }
  const count = asked ?? cores;
  const why = asked ? `WEB_CONCURRENCY=${asked}` : `one per core, ${cores} cores`;
  if (count > 1 && !config.JWT_SECRET) {
    throw new ConfigError([
      `JWT_SECRET: is required with DATABASE_URL when several server processes run (${why}): they must sign and ` +
        'check session tokens with one key (e.g. openssl rand -hex 32); or set WEB_CONCURRENCY=1',
    ]);
  }
  return { count, note: count > 1 ? `${count} server processes on PostgreSQL (${why})` : `one server process on PostgreSQL (${why})` };
}
