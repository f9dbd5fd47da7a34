/**
 * The baseline of `http.bench.ts`: a bare Fastify 5 server (same fastify version as the app, no
 * plugins, no hooks, logger off) with one route, `GET /` → `{ hello: 'world' }`.
 *
 * Started by the benchmark as a child process (its own event loop). It listens on 127.0.0.1 on an
 * ephemeral port and reports the port to its parent over the IPC channel.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

const app = Fastify({ logger: false });

app.get('/', async () => ({ hello: 'world' }));

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  app.close().then(
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

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
if (process.send) {
  process.send({ port });
  // The IPC channel must not keep this process alive on its own.
  process.channel?.unref();
} else {
  console.log(`hello-world Fastify listening on http://127.0.0.1:${port}`);
}
