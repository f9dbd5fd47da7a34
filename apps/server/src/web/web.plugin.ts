import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler } from 'react-router';
import { Readable } from 'node:stream';
import type { WebBuild } from './web-build.js';
import type { WebLoadContext } from './load-context.js';

export interface WebPluginOptions {
  build: WebBuild;
  mode: string;
  loadContext: (request: FastifyRequest) => WebLoadContext;
}

/**
 * Serves the web app from the same process as the API: hashed assets from the client build with
 * long-lived caching, and every other GET through React Router's server renderer.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const { build } = options;
  await app.register(fastifyStatic, {
    root: build.clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${'/'}assets${'/'}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  const handle = createRequestHandler(build.server, options.mode);

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await handle(toWebRequest(request, reply), options.loadContext(request));
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(response.body));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return new Request(new URL(request.url, origin), { method: request.method, headers, signal: controller.signal });
}
