/**
 * The baselines of `http.bench.ts`, one per process, each on an ephemeral port of 127.0.0.1 that it
 * reports to its parent over the IPC channel:
 *
 *   HELLO_KIND=node     a bare `node:http` server: every request → `{"hello":"world"}` (the ceiling of
 *                       this machine for a Node process; the ratios are taken to it)
 *   HELLO_KIND=fastify  a bare Fastify 5 server (same version as the app, no plugins, no hooks, logger
 *                       off) with one route, `GET /` → `{ hello: 'world' }` (what the framework costs)
 */
import Fastify from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const kind = process.env.HELLO_KIND === 'fastify' ? 'fastify' : 'node';
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 0);

let close: () => Promise<void>;
let address: AddressInfo;
if (kind === 'fastify') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port, host });
  address = app.server.address() as AddressInfo;
  close = () => app.close();
} else {
  const body = JSON.stringify({ hello: 'world' });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  address = server.address() as AddressInfo;
  close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('closing the server failed:', error);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// The parent went away without stopping us (crash, SIGKILL): do not linger.
process.once('disconnect', stop);

if (process.send) {
  process.send({ port: address.port });
  // The IPC channel must not keep this process alive on its own.
  process.channel?.unref();
} else {
  console.log(`hello-world (${kind}) listening on http://${host}:${address.port}`);
}
