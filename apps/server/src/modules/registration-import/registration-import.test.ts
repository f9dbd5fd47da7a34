import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../../db/database.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { formatImportReport, importRegistrationCsv } from './registration-import.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const sampleFile = fileURLToPath(new URL('../../../scripts/examples/registrations-sample.csv', import.meta.url));
const command = fileURLToPath(new URL('../../../scripts/import-registrations.ts', import.meta.url));

describe('importing registration records from a CSV file', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    if (database.kind === 'postgres') {
      const [row] = await selectRows<{ schema: string }>(database.db, sql`SELECT current_schema() AS schema`);
      if (row?.schema.startsWith('test_')) await database.db.execute(sql.raw(`DROP SCHEMA "${row.schema}" CASCADE`));
    }
    await database.close();
  });

  it('writes the valid rows of the sample file, reports the rejected ones, and updates on a second import', async () => {
    const sample = await fs.readFile(sampleFile);
    const first = await importRegistrationCsv(database.db, sample);
    expect(first.rowCount).toBe(20);
    expect(first.records).toHaveLength(18);
    expect(first.inserted).toBe(18);
    expect(first.rejected.map((r) => r.line)).toEqual([20, 21]);
    const report = formatImportReport(first);
    expect(report).toContain('读取数据行 20 行：接受 18 行（新增 18 条，更新 0 条），拒绝 2 行');
    expect(report).toContain('第 20 行（F20240013544）：更新日期“2025-02-30”：不是有效日期');

    const rows = await selectRows<{ reg_no: string; name: string; updated_on: string; grams: boolean }>(
      database.db,
      sql`SELECT reg_no, name, updated_on::text AS updated_on, search_grams @> ARRAY['纤维'] AS grams FROM registrations ORDER BY reg_no`,
    );
    expect(rows).toHaveLength(18);
    expect(rows.find((r) => r.reg_no === 'F20240012345')).toEqual({ reg_no: 'F20240012345', name: '微晶纤维素', updated_on: '2025-03-18', grams: true });

    const changed = sample.toString('utf8').replace('F20240012345,微晶纤维素', 'F20240012345,微晶纤维素（PH102）');
    const second = await importRegistrationCsv(database.db, changed);
    expect([second.inserted, second.updated]).toEqual([0, 18]);
    const [row] = await selectRows<{ name: string; n: number }>(
      database.db,
      sql`SELECT name, (SELECT count(*)::int FROM registrations) AS n FROM registrations WHERE reg_no = 'F20240012345'`,
    );
    expect(row).toEqual({ name: '微晶纤维素（PH102）', n: 18 });
  });

  it('runs as a command: exit code 0 for a readable file with rejects, 1 for an unreadable one', async () => {
    const url = process.env.DATABASE_URL;
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-import-'));
    const env = { ...process.env, ...(url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : { DATABASE_URL: '', DATA_DIR: dataDir }) };
    const run = (file: string) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        let output = '';
        const child = spawn(process.execPath, ['--import', 'tsx', command, file], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('exit', (code) => resolve({ code, output }));
      });
    try {
      const [ok, missing] = await Promise.all([run(sampleFile), run(path.join(dataDir, 'missing.csv'))]);
      expect(ok.output).toContain('接受 18 行');
      expect(ok.output).toContain('第 21 行（F2024001234）：登记号“F2024001234”：格式应为');
      expect(ok.code).toBe(0);
      expect(missing.code).toBe(1);
      expect(missing.output).toContain('无法读取文件');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
      if (url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    }
  });
});
