import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorResponse, HealthResponse, ReadyResponse } from '@fuliaotong/contracts';
import { newestMigration } from '../../db/database.js';
import type { SignalBus } from '../../db/signals.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { SystemRepository } from './system.repository.js';
import { SystemService } from './system.service.js';
import { parsed } from '../../../test/responses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers 200 with the database kind in use and the build id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = parsed(response, HealthResponse);
    expect(body).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      build: 'test-build',
    });
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});

describe('GET /api/ready', () => {
  it('answers 200 with every check once the database answers, is migrated and signals are heard', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ReadyResponse)).toEqual({ status: 'ready', checks: { database: true, migrations: true, signals: true } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the migration that is missing, and 503 while signals are not heard', async () => {
    const other = await createTestApp();
    try {
      // The record of the newest migration gone: the database is behind this process (an older backup restored).
      await other.database.db.execute(
        sql`delete from ${sql.identifier(other.database.migrationsSchema)}.__drizzle_migrations where created_at = (select max(created_at) from ${sql.identifier(other.database.migrationsSchema)}.__drizzle_migrations)`,
      );
      const behind = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(parsed(behind, ErrorResponse).error.message).toBe('未就绪：数据库缺少本版本的迁移');
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 'alive all the same').toBe(200);
    } finally {
      await other.close();
    }

    // A process that has lost its connection to the other processes' signals.
    const deaf = { ...t.database.signals, hearing: false } satisfies SignalBus;
    const system = new SystemService(new SystemRepository(t.database.db, t.database.migrationsSchema), { id: 'test-build', timestamp: 0 }, deaf, newestMigration);
    await expect(system.ready()).rejects.toMatchObject({ status: 503, message: '未就绪：暂时收不到其他进程的通知' });
  });
});

describe('build detection', () => {
  it('serves the latest build info uncached, tolerating the client timestamp parameter', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/build/latest?_t=123' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ id: 'test-build', timestamp: 1_700_000_000_000 });
  });

  it('serves the manifest of the current build and 404 for any other id', async () => {
    const current = await t.app.inject({ method: 'GET', url: '/api/build/meta/test-build' });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ id: 'test-build', timestamp: 1_700_000_000_000, prerendered: [] });
    const other = await t.app.inject({ method: 'GET', url: '/api/build/meta/old-build' });
    expect(other.statusCode).toBe(404);
    expect(parsed(other, ErrorResponse).error.code).toBe('not_found');
  });
});

describe('the one error shape', () => {
  it('answers unknown /api paths with a JSON 404, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/app/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = parsed(response, ErrorResponse);
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toBe(`接口不存在：${method} /api/app/no-such-thing`);
      expect(body.error.requestId).toBe(response.headers['x-request-id']);
    }
  });

  it('answers a malformed JSON body with 400 and a Chinese message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(response.statusCode).toBe(400);
    const body = parsed(response, ErrorResponse);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toBe('请求体不是有效的 JSON');
  });

  it('validates parameters against the contract with 400 and the issues', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/build/meta/' + 'x'.repeat(80) });
    expect(response.statusCode).toBe(400);
    const body = parsed(response, ErrorResponse);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'params.id' })]);
  });

  it('keeps a well-formed incoming request id and replaces a suspicious one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(kept.headers['x-request-id']).toBe('abc-12345678');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
  });
});

describe('OpenAPI document', () => {
  it('is generated from the contracts and browsable at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    // The OpenAPI document is no contract body: a schema of the parts read here.
    const spec = parsed(
      doc,
      z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()), components: z.object({ schemas: z.record(z.string(), z.unknown()) }) }),
    );
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/build/latest', '/api/build/meta/{id}']));
    expect(spec.components.schemas).toHaveProperty('ErrorResponse');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('compression', () => {
  it('compresses large answers for clients that accept it, and leaves small ones alone', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const brotli = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
