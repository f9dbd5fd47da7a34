import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { paths, withQuery } from '@fuliaotong/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSetupError, migrationsFolder, openDatabase, selectRows } from '../src/db/database.js';
import { pgbouncerBinary, startPgBouncer, type PgBouncer } from './pgbouncer.js';
import { productBody } from './products.js';
import { createStaff, startServer, type HealthBody, type ServerProcess } from './production-server.js';
import { databaseUrl, dropDatabase, runStatements, testName } from './template-database.js';

/**
 * The site behind Debian's PgBouncer 1.18 in transaction mode (docs/decisions/0059): DATABASE_URL
 * through PgBouncer for every query, DATABASE_DIRECT_URL straight to PostgreSQL for migrations (under
 * a session-level advisory lock) and the signal connection (LISTEN). Two real servers (`npm run
 * serve`, as two workers or hosts would be) migrate, answer pages and the API, run jobs, and a staff
 * change made on one empties the other's cached page. What the pooler cannot carry is refused at start
 * with what to do: the schema's startup parameter, a pooled schema that is not the direct one's.
 * Skipped without pgbouncer (apt-get install pgbouncer) or without DATABASE_URL (PGlite has no pooler).
 */

const bouncer = pgbouncerBinary();
const serverUrl = process.env.DATABASE_URL;
const PASSWORD = 'Behind-PgBouncer-2026-ok';
const editorAccount = `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The six-digit code of the last SMS the servers' logs show sent to `to` (the `log` message driver, run as a job). */
function lastCodeTo(servers: ServerProcess[], to: string): string | undefined {
  const codes: string[] = [];
  for (const server of servers) {
    for (const line of server.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { smsTo?: string; smsText?: string; time?: number };
      const code = entry.smsTo === to ? /(?<!\d)(\d{6})(?!\d)/.exec(entry.smsText ?? '')?.[1] : undefined;
      if (code) codes.push(code);
    }
  }
  return codes.at(-1);
}

describe.skipIf(!bouncer || !serverUrl)('the site behind PgBouncer in transaction mode (skipped without pgbouncer or DATABASE_URL)', () => {
  let database: { name: string; url: string };
  let pooler: PgBouncer;
  const dataDirs: string[] = [];
  let a: ServerProcess & { health: HealthBody };
  let b: ServerProcess & { health: HealthBody };

  beforeAll(async () => {
    const name = testName('bouncer_');
    await runStatements(serverUrl!, `CREATE DATABASE "${name}"`);
    database = { name, url: databaseUrl(serverUrl!, name) };
    pooler = await startPgBouncer({
      serverUrl: serverUrl!,
      database: name,
      aliases: {
        site: '',
        // One server connection for every client: what one client prepares, the next one finds.
        single: 'pool_size=1',
        // A site in a schema of its own: the pooler sets its connections' search_path.
        site_in_schema: `connect_query='SET search_path TO "pooled_site"'`,
      },
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pooler?.stop();
    if (database) await dropDatabase(serverUrl!, database.name);
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('breaks named prepared statements (which is why the server has none) and runs unnamed ones', async () => {
    const clients = [new pg.Client({ connectionString: pooler.url('single') }), new pg.Client({ connectionString: pooler.url('single') })];
    try {
      for (const client of clients) await client.connect();
      // Unnamed statements with parameters, as every query of the server is sent.
      for (const client of clients) expect((await client.query<{ n: number }>('SELECT $1::int AS n', [7])).rows[0]!.n).toBe(7);
      await clients[0]!.query({ name: 'the_count', text: 'SELECT 1 AS n' });
      await expect(clients[1]!.query({ name: 'the_count', text: 'SELECT 1 AS n' })).rejects.toThrow(/prepared statement "the_count" already exists/);
    } finally {
      for (const client of clients) await client.end().catch(() => undefined);
    }
  });

  it('refuses a schema it cannot carry, saying what to do, and works with the pooler setting it', async () => {
    // Without a direct URL, the schema's startup parameter reaches PgBouncer, which refuses it.
    const refused = openDatabase({ kind: 'postgres', url: pooler.url('site'), schema: 'pooled_site' });
    await expect(refused).rejects.toThrow(DatabaseSetupError);
    await expect(refused).rejects.toThrow(/goes through a connection pooler\. Set DATABASE_DIRECT_URL/);
    // With one, the pooled connections must find the schema the direct one migrated.
    const elsewhere = openDatabase({ kind: 'postgres', url: pooler.url('site'), directUrl: database.url, schema: 'pooled_site' });
    await expect(elsewhere).rejects.toThrow(/reach the schema "public", the direct one \(DATABASE_DIRECT_URL\) "pooled_site"/);
    await expect(elsewhere).rejects.toThrow(`connect_query='SET search_path TO "pooled_site"'`);

    const inSchema = await openDatabase({ kind: 'postgres', url: pooler.url('site_in_schema'), directUrl: database.url, schema: 'pooled_site' });
    try {
      const [row] = await selectRows<{ schema: string; migrated: boolean }>(inSchema.db, sql`SELECT current_schema() AS schema, to_regclass('pooled_site.users') IS NOT NULL AS migrated`);
      expect(row).toEqual({ schema: 'pooled_site', migrated: true });
    } finally {
      await inSchema.close();
    }
  });

  describe('two servers with DATABASE_URL through PgBouncer and DATABASE_DIRECT_URL direct', () => {
    beforeAll(async () => {
      for (let i = 0; i < 2; i++) dataDirs.push(await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-bouncer-')));
      const env = {
        DATABASE_URL: pooler.url('site'),
        DATABASE_DIRECT_URL: database.url,
        DATABASE_SCHEMA: '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        DEMO_CONTENT: 'false',
        // Info: the log driver's SMS lines carry the staff member's code.
        LOG_LEVEL: 'info',
      };
      // The operator's tool, through the pooler too; it migrates the database before the servers start.
      await createStaff({ ...env, DATA_DIR: dataDirs[0] }, editorAccount, PASSWORD, ['editor']);
      [a, b] = await Promise.all([startServer({ env: { ...env, DATA_DIR: dataDirs[0] } }), startServer({ env: { ...env, DATA_DIR: dataDirs[1] } })]);
    }, 180_000);

    it('migrated the database, and both are ready: their signal connections are direct, their queries pooled', async () => {
      const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = new pg.Client({ connectionString: database.url });
      await applied.connect();
      try {
        const { rows } = await applied.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect(rows[0]!.n).toBe(journal.entries.length);
        // The migration lock went with the session that took it: none is left on a pooled server connection.
        const locks = await applied.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7312002");
        expect(locks.rows[0]!.n).toBe(0);
        // Each server listens on a session of its own, straight to PostgreSQL.
        const listening = await applied.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'fuliaotong-signals'",
          [database.name],
        );
        expect(listening.rows[0]!.n).toBe(2);
      } finally {
        await applied.end();
      }
      for (const server of [a, b]) {
        expect(server.health.db).toBe('postgres');
        const ready = await fetch(`${server.origin}/api/ready`);
        expect(ready.status, await ready.clone().text()).toBe(200);
      }
      // PgBouncer's own view: the servers' pools are its clients, the signal connections are not.
      const admin = new pg.Client({ connectionString: pooler.url('pgbouncer') });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ database: string; application_name: string }>('SHOW CLIENTS');
        const ours = rows.filter((row) => row.database === 'site');
        expect(ours.length).toBeGreaterThan(0);
        expect(ours.filter((row) => row.application_name === 'fuliaotong-signals')).toEqual([]);
      } finally {
        await admin.end();
      }
    });

    it('answer pages and the API, and run jobs (the staff code goes out through the job runner)', async () => {
      for (const server of [a, b]) {
        for (const url of [paths.home, paths.about, '/api/app/excipient?page=1&pageSize=5']) {
          const response = await fetch(server.origin + url);
          expect(response.status, `${server.origin}${url}`).toBe(200);
          await response.arrayBuffer();
        }
      }
      expect(await editor()).toBeTruthy();
      const done = new pg.Client({ connectionString: database.url });
      await done.connect();
      try {
        const { rows } = await done.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = 'message.send' AND status = 'done'");
        expect(rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await done.end();
      }
    });

    it("empty each other's cached pages: a product renamed on one shows on the other's page within a second", async () => {
      const headers = { authorization: `Bearer ${await editor()}`, 'content-type': 'application/json' };
      const created = await fetch(`${a.origin}/api/admin/excipient`, { method: 'POST', headers, body: JSON.stringify(productBody('连接池旧名称')) });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const page = async () => {
        const response = await fetch(b.origin + withQuery(paths.excipientDetail, { id }));
        return { etag: response.headers.get('etag'), html: await response.text() };
      };
      // The creation's own signal reaches the other server a moment later: ask until it serves a stored page.
      const deadline = Date.now() + 5_000;
      let before = await page();
      let again = await page();
      while (again.etag !== before.etag && Date.now() < deadline) {
        before = again;
        again = await page();
      }
      expect(before.html).toContain('连接池旧名称');
      expect(again.etag, 'served from the cache of the other server').toBe(before.etag);

      const renamed = await fetch(`${a.origin}/api/admin/excipient/${id}`, { method: 'PUT', headers, body: JSON.stringify(productBody('连接池新名称')) });
      expect(renamed.status, await renamed.clone().text()).toBe(200);
      const changed = performance.now();
      let html = '';
      while (!html.includes('连接池新名称') && performance.now() - changed < 1_000) {
        html = (await page()).html;
        if (!html.includes('连接池新名称')) await sleep(50);
      }
      expect(html, 'the other server shows the new name within a second').toContain('连接池新名称');
      console.info(`through PgBouncer, the other server showed the change ${Math.round(performance.now() - changed)} ms after it was made`);
    });

    let editorToken: string | undefined;
    /** Signs the editor in on the first server: password, then the code a job sends (read from either server's log). */
    async function editor(): Promise<string> {
      if (editorToken) return editorToken;
      const first = await fetch(`${a.origin}/api/app/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: editorAccount, password: PASSWORD }),
      });
      expect(first.status, await first.clone().text()).toBe(200);
      const { challenge } = (await first.json()) as { challenge?: string };
      const deadline = Date.now() + 10_000;
      let code: string | undefined;
      while (!(code = lastCodeTo([a, b], editorAccount)) && Date.now() < deadline) await sleep(100);
      expect(code, 'the code was sent by a job').toBeTruthy();
      const verified = await fetch(`${a.origin}/api/app/account/login-verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ challenge, code }),
      });
      expect(verified.status, await verified.clone().text()).toBe(200);
      editorToken = ((await verified.json()) as { token: string }).token;
      return editorToken;
    }
  });
});
