import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db/database.js';
import { databaseUrl, dropDatabase, runStatements, testName, type TemplateDatabase } from './template-database.js';

let cleanUp: (() => Promise<void>) | undefined;

/**
 * Migrates one template database for the whole run (see template-database.ts); each test file then
 * starts from a copy of it instead of migrating an empty database of its own.
 */
export async function setup(project: TestProject): Promise<void> {
  const url = process.env.DATABASE_URL;
  let template: TemplateDatabase;
  if (url) {
    const name = testName('template_');
    await runStatements(url, `CREATE DATABASE "${name}"`);
    cleanUp = () => dropDatabase(url, name);
    // openDatabase migrates it; no connection may stay open, or PostgreSQL refuses to copy it.
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
    await database.close();
    template = { kind: 'postgres', name };
  } else {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fuliaotong-template-'));
    cleanUp = () => fs.rm(dir, { recursive: true, force: true });
    const client = await PGlite.create();
    try {
      await migrate(drizzle(client), { migrationsFolder });
      // Uncompressed: loading a plain tarball is about twice as fast as a gzipped one.
      const dump = await client.dumpDataDir('none');
      const file = path.join(dir, 'pgdata.tar');
      await fs.writeFile(file, new Uint8Array(await dump.arrayBuffer()));
      template = { kind: 'pglite', file };
    } finally {
      await client.close();
    }
  }
  project.provide('testDatabaseTemplate', template);
}

export async function teardown(): Promise<void> {
  await cleanUp?.();
  cleanUp = undefined;
}
