import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './production-server.js';
import { accepts, startService } from './service-process.js';

/**
 * Debian's PgBouncer (1.18) in transaction mode in front of a PostgreSQL server, as a child process
 * with a configuration file of its own in a temporary folder (docs/decisions/0059). Clients are let in
 * without a password (auth_type trust; it listens on 127.0.0.1 only); PgBouncer reaches the server
 * with the user and password of the server's URL. PgBouncer refuses to run as root: run as root, it is
 * started with `-u nobody`, and its folder and files are readable by that user.
 */

/** PgBouncer's executable, or undefined when it is not installed (Debian: apt-get install pgbouncer). */
export function pgbouncerBinary(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => path.join(dir, 'pgbouncer')).find((file) => existsSync(file));
}

export interface PgBouncer {
  port: number;
  /** The URL of one of its databases (an alias of the configuration), for the server's user. */
  url(alias: string): string;
  /** What PgBouncer logged so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer with one database entry per alias: each the server's `database`, with the entry's
 * extra settings (e.g. `pool_size=1`, `connect_query='SET search_path TO "s"'`). Pools are small
 * (`default_pool_size` 4), so that the clients of a test really share server connections.
 */
export async function startPgBouncer(options: { serverUrl: string; database: string; aliases: Record<string, string> }): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const server = new URL(options.serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-pgbouncer-'));
  await fs.chmod(dir, 0o755);
  const port = await findFreePort();
  const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const target = [`host=${server.hostname}`, `port=${server.port || 5432}`, `dbname=${options.database}`, `user=${user}`, ...(password ? [`password=${quote(password)}`] : [])].join(' ');
  const config = [
    '[databases]',
    ...Object.entries(options.aliases).map(([alias, extra]) => `${alias} = ${target}${extra ? ` ${extra}` : ''}`),
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'users.txt')}`,
    `admin_users = ${user}`,
    'pool_mode = transaction',
    'default_pool_size = 4',
    'max_client_conn = 200',
    'logfile =',
    'pidfile =',
    '',
  ].join('\n');
  const file = path.join(dir, 'pgbouncer.ini');
  await fs.writeFile(file, config, { mode: 0o644 });
  await fs.writeFile(path.join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const args = [...(process.getuid?.() === 0 ? ['-u', 'nobody'] : []), file];
  const { output, stop } = await startService({
    name: `pgbouncer (on ${port})`,
    binary,
    args,
    dir,
    ready: () => accepts(port),
    describe: () => `--- pgbouncer.ini ---\n${config}`,
  });
  const url = (alias: string) => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${alias}`;
  return { port, url, output, stop };
}
