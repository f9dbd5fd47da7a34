import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGunzip, gzipSync } from 'node:zlib';
import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponse, User } from '@fuliaotong/contracts';
import { bearer, GOOD_PASSWORD, newIp, registerMember } from '../../../test/accounts.js';
import { demoExcipient, ownerWithRows } from '../../../test/endpoint-fixtures.js';
import { parsed } from '../../../test/responses.js';
import { databaseUrl, dropDatabase, runStatements, testName } from '../../../test/template-database.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { seedDemoContent } from '../../modules/demo/demo-seed.js';
import { committedMigrations, openDatabase, selectRows, type Database, type Db } from '../database.js';
import { backupTables } from './backup-catalog.js';
import { BackupHeader } from './backup-format.js';
import { pruneBackups } from './backup-retention.js';
import { checkTargetEmpty, restoreBackup, RestoreRefusedError, type RestoreTarget } from './restore-backup.js';
import { writeBackup, type BackupOutcome } from './write-backup.js';

/*
 * A backup of a site with content, members, an avatar, orders and invoices restores into an empty
 * database of either engine with every table's rows equal (a checksum of each table's rows in primary
 * key order), and the restored site answers as the original did and lets its members sign in.
 * The run's engine is the source (PGlite, or PostgreSQL when DATABASE_URL is set); with DATABASE_URL a
 * PGlite source is backed up and restored into PostgreSQL too (how a site moves off the embedded database).
 */

const url = process.env.DATABASE_URL;
/** The source and its restored copies sign with one key, as a site restored with its JWT_SECRET does. */
const jwtSecret = randomBytes(32);
let folder: string;
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-backup-'));
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

/** Each table's row count and an md5 of its rows as text in primary-key order (UTC, whatever the server's time zone). */
async function checksums(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
    const sums: Record<string, string> = {};
    for (const table of await backupTables(tx)) {
      const order = table.primaryKey.length > 0 ? sql.join(table.primaryKey.map((column) => sql`t.${sql.identifier(column)}`), sql`, `) : sql`t::text`;
      const [row] = await selectRows<{ rows: number; sum: string }>(
        tx,
        sql`SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY ${order}), '')) AS sum FROM ${sql.identifier(table.name)} t`,
      );
      sums[table.name] = `${row!.rows} ${row!.sum}`;
    }
    return sums;
  });
}

interface Source {
  name: string;
  app: TestApp;
  member: { account: string; token: string };
  avatar: string;
}

/** A site with the demo content, a member owning a row of every kind (an avatar among them) and a second member. */
async function siteWithData(name: string, database?: Database): Promise<Source> {
  const app = await createTestApp({ database, jwtSecret });
  await seedDemoContent(app.database.db, { onlyIfEmpty: true, scale: { registrations: 500 } });
  const { owner } = await ownerWithRows(app.app, await demoExcipient(app.app));
  await registerMember(app.app);
  const me = parsed(await app.app.inject({ method: 'GET', url: '/api/app/account/profile', headers: bearer(owner.token) }), User);
  return { name, app, member: { account: owner.account, token: owner.token }, avatar: me.avatar! };
}

/** What the site answers, anonymously and to the member: the same on the restored copy. */
async function answers(t: TestApp, token: string, avatar: string) {
  const get = async (target: string, headers = {}) => {
    const response = await t.app.inject({ method: 'GET', url: target, headers });
    return { status: response.statusCode, body: response.statusCode === 200 && target === avatar ? response.rawPayload.toString('base64') : response.body };
  };
  return {
    excipients: await get('/api/app/excipient?page=1&pageSize=20'),
    excipient: await get('/api/app/excipient/1'),
    registrations: await get('/api/app/registration?page=3&pageSize=10'),
    avatar: await get(avatar),
    me: await get('/api/app/account/profile', bearer(token)),
    summary: await get('/api/app/account/summary', bearer(token)),
    orders: await get('/api/app/order', bearer(token)),
    invoices: await get('/api/app/invoice', bearer(token)),
  };
}

const restoreTargets = (): Array<{ name: string; target: () => Promise<{ target: RestoreTarget; drop: () => Promise<void> }> }> => [
  { name: 'PGlite', target: async () => ({ target: { kind: 'pglite' }, drop: async () => {} }) },
  ...(url
    ? [
        {
          name: 'PostgreSQL',
          target: async () => {
            const name = testName('restore_');
            await runStatements(url, `CREATE DATABASE "${name}"`);
            return { target: { kind: 'postgres' as const, url: databaseUrl(url, name) }, drop: () => dropDatabase(url, name) };
          },
        },
      ]
    : []),
];

async function roundTrip(source: Source, backup: BackupOutcome) {
  const before = await checksums(source.app.database.db);
  const expected = await answers(source.app, source.member.token, source.avatar);
  for (const engine of restoreTargets()) {
    const name = engine.name;
    const { target, drop } = await engine.target();
    try {
      const restored = await restoreBackup(backup.file, target);
      const copy = await createTestApp({ database: restored.database, jwtSecret });
      try {
        expect(await checksums(restored.database.db), `${source.name} → ${name}`).toEqual(before);
        expect(restored.rows).toBe(backup.rows);
        // The same answers, the member's own included (the sessions came along: the app signs with the same key here).
        expect(await answers(copy, source.member.token, source.avatar), `${source.name} → ${name}`).toEqual(expected);
        // The member signs in with their password, and the sequences go on after the restored rows.
        const login = await copy.app.inject({
          method: 'POST',
          url: '/api/app/account/login',
          payload: { account: source.member.account, password: GOOD_PASSWORD },
          headers: { 'x-forwarded-for': newIp() },
        });
        expect(login.statusCode, login.body).toBe(200);
        parsed(login, SessionResponse);
        await registerMember(copy.app);
        // Restoring again into the copy is refused: it is not empty.
        if (target.kind === 'postgres') await expect(checkTargetEmpty(target)).rejects.toThrow(/不是空的：schema public 中已有 \d+ 张表（/);
      } finally {
        await copy.close();
        await restored.database.close();
      }
    } finally {
      await drop();
    }
  }
}

describe('a backup of the run’s database', () => {
  let source: Source;
  let backup: BackupOutcome;
  beforeAll(async () => {
    source = await siteWithData(url ? 'PostgreSQL' : 'PGlite');
    backup = await writeBackup(source.app.database, path.join(folder, 'run'));
  }, 240_000);
  afterAll(async () => source?.app.close());

  it('is one gzip file, 0600, with a header naming the engine, the newest migration and each table with its rows', async () => {
    expect(path.basename(backup.file)).toMatch(/^fuliaotong-backup-\d{8}T\d{9}Z\.jsonl\.gz$/);
    expect(((await fs.stat(backup.file)).mode & 0o777).toString(8)).toBe('600');
    expect(await fs.readdir(path.dirname(backup.file))).toEqual([path.basename(backup.file)]);
    const lines = await readLines(backup.file);
    const header = BackupHeader.parse(JSON.parse(lines[0]!));
    const newest = (await committedMigrations()).at(-1)!;
    expect(header).toMatchObject({ format: 'fuliaotong-backup', version: 1, engine: url ? 'postgres' : 'pglite', migration: { tag: newest.tag, when: newest.when } });
    const counts = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    // The owner of rows, the colleague in the owner's company, the 管理员 of another company that invited the owner, the sales staff
    // member who quoted the owner's price requests, the quality staff member who published a change notice to the owner, one more member. Of the two requests, one was accepted: its sales order.
    // And the demo's buying side: 9 members of its two companies, 6 price requests with 6 quotes, 1 sales order.
    expect(counts).toMatchObject({
      users: 6 + 9,
      uploads: expect.any(Number) as number,
      registrations: 500,
      companies: 2 + 2,
      quote_requests: 2 + 6,
      quote_revisions: 2 + 6,
      sales_orders: 1 + 1,
    });
    expect(counts.uploads).toBeGreaterThan(0);
    // Foreign keys first: users before what points at them, uploads before the documents that name them.
    const order = header.tables.map((table) => table.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('uploads'));
    expect(order.indexOf('uploads')).toBeLessThan(order.indexOf('excipient_documents'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('invoices'));
    expect(order.indexOf('sales_orders')).toBeLessThan(order.indexOf('invoices'));
    expect(order).not.toContain('__drizzle_migrations');
    // Generated columns are computed again on restore, not carried.
    expect(header.tables.find((table) => table.name === 'registrations')!.columns).not.toContain('search_grams');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true, sequences: expect.arrayContaining([expect.objectContaining({ name: 'users_id_seq', called: true })]) as unknown });
    expect(lines.length).toBe(1 + header.tables.length + backup.rows + 1);
  });

  it('restores into an empty database of each engine with every table equal, the same answers and members who sign in', { timeout: 300_000 }, async () => {
    await roundTrip(source, backup);
  });

  it('refuses a target that is not empty, naming what it found', async () => {
    const dataDir = path.join(folder, 'used');
    // What PostgreSQL's files start with: a data folder that holds a database.
    await fs.mkdir(path.join(dataDir, 'pgdata'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'pgdata', 'PG_VERSION'), '18\n');
    await expect(restoreBackup(backup.file, { kind: 'pglite', dataDir })).rejects.toThrow(`数据目录中已有数据库（${path.join(dataDir, 'pgdata')}）`);
    // A PostgreSQL database that holds tables is refused the same way (checked on each restored copy above).
  });

  it('refuses a backup made by a newer schema, a truncated file and a file that is not a backup', async () => {
    const lines = await readLines(backup.file);
    const header = BackupHeader.parse(JSON.parse(lines[0]!));
    const newer = path.join(folder, 'newer.jsonl.gz');
    await fs.writeFile(newer, gzipSync([JSON.stringify({ ...header, migration: { tag: '0999_future', when: header.migration.when + 1, hash: 'x' } }), ...lines.slice(1)].join('\n')));
    await expect(restoreBackup(newer, { kind: 'pglite' })).rejects.toThrow('备份由更新版本的程序制作（数据库结构到迁移 0999_future');

    const truncated = path.join(folder, 'truncated.jsonl.gz');
    const whole = await fs.readFile(backup.file);
    await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const dataDir = path.join(folder, 'from-truncated');
    await expect(restoreBackup(truncated, { kind: 'pglite', dataDir })).rejects.toThrow(RestoreRefusedError);
    // Nothing is left behind: the folder the restore made is gone.
    await expect(fs.access(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });

    const other = path.join(folder, 'other.gz');
    await fs.writeFile(other, gzipSync('{"hello":1}\n'));
    await expect(restoreBackup(other, { kind: 'pglite' })).rejects.toThrow('不是辅料通的备份文件');
  });

  it('keeps the newest BACKUP_KEEP backups', async () => {
    const dir = path.join(folder, 'kept');
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await writeBackup(source.app.database, dir, new Date(Date.UTC(2026, 0, 1 + i)))).file);
    await fs.writeFile(path.join(dir, 'notes.txt'), 'kept');
    expect(await pruneBackups(dir, 2)).toEqual(made.slice(0, 2).map((file) => path.basename(file)));
    expect((await fs.readdir(dir)).sort()).toEqual(['notes.txt', ...made.slice(2).map((file) => path.basename(file))].sort());
  });
});

describe.runIf(url)('a backup of the embedded database', () => {
  // A new embedded database, seeded, then restored into two more: minutes on a loaded machine.
  it('restores into PostgreSQL (and PGlite) with every table equal', { timeout: 300_000 }, async () => {
    const pglite = await openDatabase({ kind: 'pglite' });
    const source = await siteWithData('PGlite', pglite);
    try {
      await roundTrip(source, await writeBackup(source.app.database, path.join(folder, 'pglite')));
    } finally {
      await source.app.close();
      await pglite.close();
    }
  });
});

async function readLines(file: string): Promise<string[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file).pipe(createGunzip())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');
}
