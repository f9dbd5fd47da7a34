import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { isPrematureClose, quietAbortedResponses } from './aborted-responses.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * The app's compression in front of a page that streams slowly (as React Router's renderer does), with
 * the hook or without it, logging to an array.
 */
async function streamingServer(options: { quiet: boolean; failAfter?: number }) {
  const lines: LogLine[] = [];
  app = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } } });
  if (options.quiet) quietAbortedResponses(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  app.get('/page', async (_request, reply) => {
    let chunks = 0;
    const page = new Readable({
      read() {
        setTimeout(() => {
          chunks += 1;
          if (options.failAfter !== undefined && chunks > options.failAfter) this.destroy(new Error('render failed'));
          else this.push(`<div>${'页面内容'.repeat(500)} ${chunks}</div>`);
        }, 5);
      },
    });
    return reply.type('text/html; charset=utf-8').send(page);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as AddressInfo).port, lines };
}

/** Reads the start of the page, then goes away (a browser navigating elsewhere). */
function readAndAbort(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/page', headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.once('data', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

/** Reads the page to its end (or to its failure). */
function readAll(port: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/page', headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve());
      response.on('error', () => resolve());
      response.on('close', () => resolve());
    });
    request.on('error', () => resolve());
  });
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

const errors = (lines: LogLine[]) => lines.filter((l) => l.level >= 50);

describe('responses the client stops reading', () => {
  it('are logged by the compression as errors ("premature close") without the hook', async () => {
    const { port, lines } = await streamingServer({ quiet: false });
    await readAndAbort(port);
    await until(() => errors(lines).length > 0);
    expect(errors(lines).map((l) => l.err?.message ?? l.msg)).toEqual(['premature close']);
  });

  it('are logged at debug with the hook', async () => {
    const { port, lines } = await streamingServer({ quiet: true });
    await readAndAbort(port);
    await until(() => lines.some((l) => l.msg.startsWith('client closed the connection')));
    expect(errors(lines)).toEqual([]);
    expect(lines.find((l) => l.msg.startsWith('client closed the connection'))).toMatchObject({ level: 20, err: { message: 'premature close' } });
  });

  it('leave real stream errors at error level', async () => {
    const { port, lines } = await streamingServer({ quiet: true, failAfter: 2 });
    await readAll(port);
    await until(() => errors(lines).length > 0);
    expect(errors(lines).map((l) => l.err?.message)).toContain('render failed');
  });

  it('recognise premature closes by message or code', () => {
    expect(isPrematureClose(new Error('premature close'))).toBe(true);
    expect(isPrematureClose(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))).toBe(true);
    expect(isPrematureClose(new Error('boom'))).toBe(false);
    expect(isPrematureClose('premature close')).toBe(false);
  });
});
