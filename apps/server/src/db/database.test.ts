import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock.js';
import { openDatabase } from './database.js';
import { appSetting } from '../modules/settings/settings.schema.js';

describe('embedded database on disk', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-db-'));
  });
  afterEach(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps what was written across a close and reopen', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.db.insert(appSetting).values({ key: 'sample.maxItems', value: 20 });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const rows = await second.db.select().from(appSetting).where(eq(appSetting.key, 'sample.maxItems'));
    await second.close();
    expect(rows.map((r) => r.value)).toEqual([20]);
  });

  it('refuses a second opener of the same folder with a clear error, and frees it on close', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const second = await openDatabase({ kind: 'pglite', dataDir }).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as Error).message).toContain(dataDir);
    await first.close();

    const third = await openDatabase({ kind: 'pglite', dataDir });
    await third.close();
  });
});
