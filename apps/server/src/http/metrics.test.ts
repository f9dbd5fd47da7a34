import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponse } from '@fuliaotong/contracts';
import { parseScrape, type Scrape } from '../../test/prometheus-text.js';
import { parsed } from '../../test/responses.js';
import { createTestApp, testClock, type TestApp } from '../../test/test-app.js';

/**
 * GET /metrics (docs/decisions/0056): Prometheus' text format with the right bearer token, and what any
 * unknown address gets without it; requests counted by route pattern, cache hits and misses, the job
 * queue and the outbox as the database holds them.
 */

const TOKEN = '5f0c9a71e3d24b86a1c7';
const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, clock });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function scrape(): Promise<Scrape> {
  const response = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(response.statusCode, response.body).toBe(200);
  return parseScrape(response.body);
}

describe('GET /metrics', () => {
  it('answers the right token with the metrics in Prometheus text format 0.0.4, never cached', async () => {
    const response = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const metrics = parseScrape(response.body);
    expect(Object.fromEntries([...metrics.families].map(([name, { type }]) => [name, type]))).toMatchObject({
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      page_cache_lookups_total: 'counter',
      page_cache_entries: 'gauge',
      page_cache_bytes: 'gauge',
      job_attempts_total: 'counter',
      job_queue_depth: 'gauge',
      job_queue_oldest_age_seconds: 'gauge',
      jobs_running: 'gauge',
      jobs_failed: 'gauge',
      outbox_pending: 'gauge',
      outbox_oldest_pending_age_seconds: 'gauge',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
    });
    // A process's gauges carry its worker ("0": not a worker of a cluster); the database's carry none.
    expect(metrics.find('page_cache_entries').map((one) => one.labels)).toEqual([{ worker: '0' }]);
    expect(metrics.find('process_resident_memory_bytes').map((one) => one.labels)).toEqual([{ worker: '0' }]);
    expect(metrics.find('nodejs_eventloop_lag_p99_seconds').map((one) => one.labels)).toEqual([{ worker: '0' }]);
    expect(metrics.find('outbox_pending').map((one) => one.labels).sort((a, b) => String(a.channel).localeCompare(String(b.channel)))).toEqual([
      { channel: 'email' },
      { channel: 'sms' },
    ]);
    expect(metrics.find('job_queue_depth', { kind: 'message.send' })).toHaveLength(1);
    // Each process's connections to PostgreSQL; PGlite has no pool.
    if (t.database.kind === 'postgres') {
      expect(metrics.find('db_pool_connections').map((one) => one.labels.state).sort()).toEqual(['idle', 'in_use']);
      expect(metrics.sum('db_pool_max_connections', { worker: '0' })).toBe(10);
    } else {
      expect(metrics.families.has('db_pool_connections')).toBe(false);
    }
  });

  it('answers a wrong, missing or malformed token exactly as an address that does not exist', async () => {
    const nowhere = await get('/nowhere', { authorization: `Bearer ${TOKEN}` });
    expect(nowhere.statusCode).toBe(404);
    const notFound = { code: 'not_found', message: parsed(nowhere, ErrorResponse).error.message.replace('/nowhere', '/metrics') };
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN} ${TOKEN}`, '']) {
      const response = await get('/metrics', authorization === undefined ? {} : { authorization });
      expect(response.statusCode, String(authorization)).toBe(404);
      expect(response.headers['content-type']).toBe(nowhere.headers['content-type']);
      expect(parsed(response, ErrorResponse).error).toEqual({ ...notFound, requestId: response.headers['x-request-id'] });
    }
    // The scheme's name is case-insensitive (RFC 9110); only GET is answered.
    expect((await get('/metrics', { authorization: `bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await get('/metrics?format=text', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });

  it('is not there while METRICS_TOKEN is unset', async () => {
    const other = await createTestApp({ database: t.database });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(parsed(response, ErrorResponse).error).toMatchObject({ code: 'not_found', message: '接口不存在：GET /metrics' });
    } finally {
      await other.close();
    }
  });

  it('counts requests by method, route pattern and status, never by the address as sent', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await get('/api/health')).statusCode).toBe(200);
    for (const id of ['987654321', '987654322']) expect((await get(`/api/app/excipient/${id}`)).statusCode).toBe(404);
    expect((await get('/api/app/no-such-thing')).statusCode).toBe(404);
    expect((await get('/no-such-page')).statusCode).toBe(404);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) => after.sum(name, labels) - before.sum(name, labels);
    expect(moved('http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(3);
    expect(moved('http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status: '200' })).toBe(3);
    expect(moved('http_request_duration_seconds_bucket', { method: 'GET', route: '/api/health', status: '200', le: '+Inf' })).toBe(3);
    expect(moved('http_requests_total', { method: 'GET', route: '/api/app/excipient/:id', status: '404' })).toBe(2);
    expect(moved('http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(2);
    // The scrape before this one is counted too.
    expect(moved('http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBe(1);
    const routes = new Set(after.find('http_requests_total').map((one) => one.labels.route));
    expect([...routes].filter((route) => /\d{9}|no-such/.test(route!))).toEqual([]);
  });

  it('counts hits and misses of the shared API answers', async () => {
    const url = '/api/app/excipient?page=1&pageSize=7';
    const before = await scrape();
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(200);
    expect((await get(`${url}&_t=1`)).statusCode).toBe(200);
    // Requests of a user are never answered from the cache, nor counted as lookups.
    await get(url, { authorization: 'Bearer not-a-session' });
    const after = await scrape();
    const moved = (labels: Record<string, string>) => after.sum('page_cache_lookups_total', labels) - before.sum('page_cache_lookups_total', labels);
    expect(moved({ cache: 'shared_answer', result: 'miss' })).toBe(1);
    expect(moved({ cache: 'shared_answer', result: 'hit' })).toBe(2);
    expect(after.sum('page_cache_entries', { worker: '0' })).toBeGreaterThan(0);
    expect(after.sum('page_cache_bytes', { worker: '0' })).toBeGreaterThan(0);
  });

  it('reports the job queue and the outbox as the database holds them, and counts how attempts ended', async () => {
    const failing = t.app.jobs.register('metrics.test-fails', {
      payload: z.object({}),
      maxAttempts: 2,
      backoffMs: 1_000,
      handle: async () => {
        throw new Error('no luck');
      },
    });
    const before = await scrape();
    expect(before.sum('job_queue_depth', { kind: 'metrics.test-fails' }), 'a kind with no job is 0').toBe(0);
    await t.app.messages.send({ channel: 'sms', to: '13800000000', template: 'verification_code', params: { code: '482913' } });
    await failing.enqueue({});
    clock.advance(600_000);
    const waiting = await scrape();
    expect(waiting.sum('outbox_pending', { channel: 'sms' })).toBe(before.sum('outbox_pending', { channel: 'sms' }) + 1);
    expect(waiting.sum('outbox_oldest_pending_age_seconds', { channel: 'sms' })).toBeGreaterThanOrEqual(500);
    expect(waiting.sum('job_queue_depth', { kind: 'message.send' })).toBeGreaterThanOrEqual(1);
    expect(waiting.sum('job_queue_depth', { kind: 'metrics.test-fails' })).toBe(1);
    expect(waiting.sum('job_queue_oldest_age_seconds', { kind: 'metrics.test-fails' })).toBeCloseTo(600, 0);

    await t.drain(); // the message is sent; the failing job is tried, then tried again a second later, and fails
    clock.advance(2_000);
    await t.drain();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => after.sum(name, labels) - before.sum(name, labels);
    expect(after.sum('outbox_pending', { channel: 'sms' })).toBe(0);
    expect(after.sum('job_queue_depth')).toBe(0);
    expect(moved('job_attempts_total', { kind: 'message.send', outcome: 'done' })).toBeGreaterThanOrEqual(1);
    expect(moved('job_attempts_total', { kind: 'metrics.test-fails', outcome: 'retried' })).toBe(1);
    expect(moved('job_attempts_total', { kind: 'metrics.test-fails', outcome: 'failed' })).toBe(1);
    expect(after.sum('jobs_failed', { kind: 'metrics.test-fails' })).toBe(1);
  });
});
