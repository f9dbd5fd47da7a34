import { fileURLToPath } from 'node:url';
import { ConfigError, embeddedDatabaseDir, loadConfig, type Config } from './config/config.js';
import { DatabaseSetupError, openDatabase } from './db/database.js';
import { CONTENT_CHANGED } from './db/signals.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { buildApp } from './app.js';
import { joinClusterMetrics, workerLabel } from './http/cluster-metrics.js';
import { loadWebBuild, resolveWebBuildDir } from './web/web-build.js';
import { markBuildInUse } from './web/build-store.js';
import { loadJwtSecret } from './modules/account/jwt-secret.js';
import { seedDemoContent } from './modules/demo/demo-seed.js';
import { controlCommands } from './control/control-commands.js';
import { writeBackup } from './db/backup/write-backup.js';
import { StaffRepository } from './control/staff.repository.js';
import { ControlChannelError, openControlSocket, type ControlServer } from './control/control-socket.js';
import { loadSandboxKeys, paymentSetupOf } from './modules/payment/payment-setup.js';

const webAppDir = fileURLToPath(new URL('../../web', import.meta.url));

async function main() {
  // A worker of `npm start`'s cluster answers the primary's requests for its metrics from now on (none
  // until the app is built), and asks the primary for the cluster's when it is scraped (docs/decisions/0056).
  const clusterMetrics = joinClusterMetrics();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, directUrl: config.DATABASE_DIRECT_URL, schema: config.DATABASE_SCHEMA }
      : { kind: 'pglite', dataDir: embeddedDatabaseDir(config) },
  );
  // `npm run dev` serves the web app from its sources (Vite, hot reload); otherwise its production build,
  // resolved once and marked in use so that no later build prunes it (docs/decisions/0018).
  const buildDir = config.WEB_DEV_SERVER ? undefined : await resolveWebBuildDir(config.WEB_BUILD_DIR);
  const unmarkBuild = buildDir ? await markBuildInUse(buildDir) : async () => {};
  const web = config.WEB_DEV_SERVER
    ? { appRoot: webAppDir, info: { id: 'dev', timestamp: Date.now() } }
    : buildDir
      ? await loadWebBuild(buildDir)
      : undefined;
  const jwtSecret = await loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const payment = await paymentSetupOf(config, () => loadSandboxKeys(config.DATA_DIR));
  const app = await buildApp({
    config,
    database,
    web,
    auth: { jwtSecret, sessionCacheMs: 1000 },
    messages: config,
    payment,
    metrics: { worker: workerLabel(), cluster: clusterMetrics?.ask },
    backup: config.BACKUP_DIR
      ? { dir: config.BACKUP_DIR, keep: config.BACKUP_KEEP, everyMs: config.BACKUP_INTERVAL_HOURS * 60 * 60 * 1000 }
      : undefined,
  });
  clusterMetrics?.share(app.metrics.processRegistries);
  if (payment.mode === 'sandbox') {
    app.log.warn('payments run in the sandbox: no money moves (PAYMENT_MODE=live with the gateways\' keys takes real payments; see .env.example)');
  } else {
    const offered = [payment.wechat && 'wechat', payment.alipay && 'alipay', payment.bank && 'bank'].filter(Boolean);
    app.log.info({ methods: offered }, offered.length > 0 ? 'live payments' : 'live payment mode without any method configured: orders cannot be paid');
  }
  if (config.NODE_ENV === 'production' && (config.SMS_PROVIDER === 'log' || config.SMTP_URL === 'log')) {
    app.log.warn(
      { SMS_PROVIDER: config.SMS_PROVIDER, SMTP_URL: config.SMTP_URL === 'log' ? 'log' : 'smtp' },
      'messages are written to the log, not sent: set SMS_PROVIDER=aliyun and SMTP_URL to send them (see .env.example)',
    );
  }
  if (config.NODE_ENV === 'production' && config.SITE_URL_DEFAULTED) {
    app.log.warn(
      `SITE_URL is not set: links in e-mails, payment return addresses, sitemap.xml and robots.txt name ${config.SITE_URL}, ` +
        'which only this machine reaches; set SITE_URL to the site\'s public address (see .env.example)',
    );
  }
  if (!config.JWT_SECRET && database.kind === 'postgres') {
    app.log.warn(
      `JWT_SECRET is not set: tokens are signed with a key generated in ${config.DATA_DIR}; ` +
        'every server instance sharing this database needs the same JWT_SECRET',
    );
  }
  if (!web) app.log.warn('web build not found: serving the API only (run `npm run build`)');
  if (config.DEMO_CONTENT) {
    const seeded = await seedDemoContent(database.db, { onlyIfEmpty: true });
    if (!seeded.skipped) {
      // Other processes on this database may have cached the empty site's pages.
      await database.signals.publish(CONTENT_CHANGED, 'demo seed');
      app.log.info(
        { counts: seeded.counts, ms: Math.round(seeded.ms) },
        `empty database: demo content seeded in ${(seeded.ms / 1000).toFixed(1)} s (DEMO_CONTENT=false turns this off)`,
      );
    }
  }

  // On the embedded database this process holds the data alone: `npm run create-staff` reaches it
  // through a socket in DATA_DIR that only this user can open (docs/decisions/0047).
  let control: ControlServer | undefined;
  const backupOnRequest = async (dir: string) => {
    const outcome = await writeBackup(database, dir);
    app.log.info({ file: outcome.file, bytes: outcome.bytes, rows: outcome.rows, ms: Math.round(outcome.ms) }, `backup written for npm run backup: ${outcome.file}`);
    return outcome;
  };
  if (database.kind === 'pglite') {
    try {
      control = await openControlSocket({
        dataDir: config.DATA_DIR,
        handle: controlCommands({ staff: new StaffRepository(database.db), backup: (dir) => backupOnRequest(dir) }),
        onError: (error) => app.log.error({ err: error }, 'control channel request failed'),
      });
      app.log.info({ path: control.path }, 'control channel open for npm run create-staff and npm run backup (this user only)');
    } catch (error) {
      if (!(error instanceof ControlChannelError)) throw error;
      app.log.warn(`control channel not opened: ${error.message}; npm run create-staff and npm run backup work only while the server is stopped`);
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await control?.close();
      await app.close();
      await database.close();
      await unmarkBuild();
      app.log.info('database closed; bye');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Fire and forget: stop() catches its own failures and ends the process either way.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ db: database.kind, build: web?.info.id ?? 'dev' }, `辅料通 listening on http://localhost:${config.PORT}`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof DatabaseSetupError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
