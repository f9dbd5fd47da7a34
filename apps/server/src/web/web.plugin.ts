import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { Readable } from 'node:stream';
import { apiOriginOf, newNonce, pageSecurityPolicy } from '../http/security-headers.js';
import type { WebBuild, WebDevSource } from './web-build.js';
import type { WebLoadContext } from './load-context.js';

export interface WebPluginOptions {
  build: WebBuild | WebDevSource;
  mode: string;
  /** The API base as the browser sees it: an absolute one is allowed in the pages' policy. */
  apiBase: string;
  loadContext: (request: FastifyRequest) => Omit<WebLoadContext, 'cspNonce'>;
}

/**
 * Serves the web app from the same process as the API: hashed assets from the client build with
 * long-lived caching, and every other GET through React Router's server renderer. In development
 * (a WebDevSource) Vite serves the modules and hot updates, and each request renders the current sources.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const { build } = options;
  const serverBuild = 'appRoot' in build ? await viteServerBuild(app, build.appRoot) : await staticServerBuild(app, build);
  const handle = createRequestHandler(serverBuild, options.mode);
  const apiOrigin = apiOriginOf(options.apiBase);
  const development = 'appRoot' in build;

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // Each page response has its own nonce: its scripts and antd's style elements carry it, and its
    // policy allows only them (docs/decisions/0017-security-headers-and-csp-nonces.md).
    const nonce = newNonce();
    const response = await handle(toWebRequest(request, reply), { ...options.loadContext(request), cspNonce: nonce });
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      const policy = pageSecurityPolicy({ nonce, apiOrigin, https: request.protocol === 'https' });
      if (development) {
        // Vite's development client injects styles without a nonce: the policy only reports there.
        reply.raw.removeHeader('content-security-policy');
        reply.header('content-security-policy-report-only', policy);
      } else {
        reply.header('content-security-policy', policy);
      }
      // The nonce in the body must always match the header: a stored copy is revalidated, never reused as is.
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    }
    if (!response.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(response.body));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/*', handler: render });
  app.route({ method: ['GET', 'HEAD'], url: '/', handler: render });
}

/** The production build: its browser assets from disk, its server bundle as loaded at boot. */
async function staticServerBuild(app: FastifyInstance, build: WebBuild): Promise<ServerBuild> {
  await app.register(fastifyStatic, {
    root: build.clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes a brotli and a gzip copy of each script and stylesheet: sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${'/'}assets${'/'}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  return build.server;
}

/**
 * Vite in middleware mode on this server (`npm run dev`): its connect middlewares (mounted with
 * @fastify/middie) serve the app's modules, public files and the hot-update client, and its
 * websocket shares this server's port. Pages render through Vite's SSR loader, so an edit shows
 * on the next request without a restart. /api never goes through Vite.
 */
async function viteServerBuild(app: FastifyInstance, appRoot: string): Promise<() => Promise<ServerBuild>> {
  // Imported here: production neither loads nor needs Vite. Vite starts while the server boots
  // (it can take longer than Fastify allows a plugin); requests wait for it.
  const starting = import('vite').then(({ createServer }) =>
    createServer({
      root: appRoot,
      configFile: path.join(appRoot, 'vite.config.ts'),
      appType: 'custom',
      server: { middlewareMode: true, hmr: { server: app.server } },
    }),
  );
  starting.catch((error: unknown) => app.log.error({ err: error }, 'the Vite development server did not start'));
  app.addHook('onClose', async () => (await starting.catch(() => undefined))?.close());
  await app.register((await import('@fastify/middie')).default);
  app.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (req.url?.startsWith('/api/')) return next();
    starting.then((vite) => vite.middlewares(req, res, next), next);
  });
  return async () => (await starting).ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
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
