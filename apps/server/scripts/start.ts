/**
 * `npm start`: the production server, with the web build brought up to date first
 * (docs/decisions/0018-start-never-harms-a-running-server.md).
 *
 * 1. The configuration is checked, and on the embedded database the data-directory lock is taken,
 *    before anything else: a start on a folder another process uses stops at once, builds nothing
 *    and leaves that process alone. The lock is held through the build.
 * 2. The web app is built into a new folder of apps/web/builds and made current, unless the current
 *    build was made from the sources as they are now. A running server keeps the folder it loaded.
 * 3. The server is compiled (apps/server/dist/main.js, docs/decisions/0031), unless it was compiled
 *    from the sources as they are now.
 * 4. On the embedded database the compiled server starts in this process, which takes the lock for
 *    good. On PostgreSQL this process forks one worker per core (WEB_CONCURRENCY) that run it
 *    (docs/decisions/0032), even when that is one (a worker runs with a memory limit of its own and
 *    without tsx, docs/decisions/0077); several need JWT_SECRET, checked with the configuration in step 1.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, embeddedDatabaseDir, loadConfig, serverProcesses, type Config, type ServerProcesses } from '../src/config/config.js';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock.js';
import { runCluster } from './cluster-primary.js';
import { buildServer } from './server-builder.js';
import { buildWebApp, upToDateBuild, webInputsFingerprint } from './web-builder.js';

process.env.NODE_ENV = 'production';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
let processes: ServerProcesses;
try {
  config = loadConfig();
  processes = serverProcesses(config);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let releaseLock: (() => Promise<void>) | undefined;
if (!config.DATABASE_URL) {
  const dataDir = embeddedDatabaseDir(config);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    releaseLock = await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
}

if (config.WEB_BUILD_DIR) {
  console.log(`WEB_BUILD_DIR is set: serving ${path.resolve(config.WEB_BUILD_DIR)} as it is, without building`);
} else {
  try {
    const inputs = await webInputsFingerprint();
    const current = await upToDateBuild(inputs);
    if (current) {
      console.log(`web build ${current.id} is up to date (the sources have not changed since it was made): not rebuilding`);
    } else {
      console.log('building the web app into a new folder of apps/web/builds ...');
      const built = await buildWebApp({ inputs });
      console.log(
        `web build ${built.id} ready in ${(built.ms / 1000).toFixed(1)} s` +
          (built.removed.length > 0 ? `; removed ${built.removed.length} old build(s) no server uses` : ''),
      );
    }
  } catch (error) {
    fail(`the web build failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// The compiled server (docs/decisions/0031-compiled-server.md), rebuilt only when its sources changed.
let entry: string;
try {
  const server = await buildServer();
  console.log(server.built ? `server compiled in ${(server.ms / 1000).toFixed(1)} s` : 'compiled server is up to date: not rebuilding');
  entry = server.entry;
} catch (error) {
  fail(`compiling the server failed: ${error instanceof Error ? error.message : String(error)}`);
}

console.log(processes.note);
// Handed over to the server, which takes it again when it opens the database (in the moment between,
// another start could take it: the server then refuses with the same message, and nothing is harmed).
await releaseLock?.();
if (!config.DATABASE_URL) {
  // tsx, which runs this script, turns source maps on: this process would keep the decoded maps of the
  // server's bundle and of the web build's for good, about 80 MB of heap (docs/decisions/0077). Off, a
  // stack trace names places in the bundle, as under `npm run serve` and in the workers of a cluster.
  process.setSourceMapsEnabled(false);
  await import(pathToFileURL(entry).href);
} else {
  // On PostgreSQL even one server process is a worker of a cluster: it carries none of tsx and of the
  // build, and runs with the memory settings chosen for a worker (docs/decisions/0077).
  await runCluster(entry, processes.count);
}
