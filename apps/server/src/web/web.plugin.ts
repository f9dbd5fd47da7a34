import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { Readable } from 'node:stream';
import { apiOriginOf, newNonce, pageSecurityPolicy } from '../http/security-headers.js';
import { hashedPage } from './hashed-page.js';
import type { WebBuild, WebDevSource } from './web-build.js';
import type { WebLoadContext } from './load-context.js';
import { declaredShared, paths } from '@fuliaotong/contracts';
import { CONTENT_CHANGED, type SignalBus } from '../db/signals.js';
import { labelRoute, type CacheLookup } from '../http/metrics.js';
import { cacheKeyOf, carriesUser, storedAnswer, type CachedPage, type PageCache } from '../http/page-cache.js';

export interface WebPluginOptions {
  build: WebBuild | WebDevSource;
  mode: string;
  /** The API base as the browser sees it: an absolute one is allowed in the pages' policy. */
  apiBase: string;
  /**
   * The site's public origin (SITE_URL): the address every page is rendered for. Never the request's
   * Host header, which the client chooses (`Host: a.example:80@127.0.0.1` is no address at all;
   * docs/decisions/0039).
   */
  siteUrl: string;
  loadContext: (request: FastifyRequest) => Omit<WebLoadContext, 'cspNonce'>;
  /**
   * The cache of answers every visitor gets alike (docs/decisions/0030), emptied by its owner on every
   * content change; none when PAGE_CACHE_SECONDS is 0. Pages are never kept in development.
   */
  pageCache: PageCache | undefined;
  /** Told whether each lookup in the page cache found the page (the metrics' hits and misses). */
  onPageCacheLookup?: (result: CacheLookup) => void;
  /** How long a shared cache (CDN) may keep a page (`s-maxage`, and as long again stale while it revalidates): PAGE_CACHE_SECONDS. */
  pageCacheSeconds: number;
  /** The database's signals: a content change, in any process, stops renders in progress from being waited on. */
  signals: SignalBus;
}

/** Pages of a signed-in user and those the web app does not declare shared: no copy anywhere. */
const PERSONAL = 'private, no-store';
/** Shared pages that were not stored (not a 200, cache off, a signed-in request): any copy is fetched again. */
const REVALIDATE = 'private, no-cache';

/** Where the build's hashed scripts and stylesheets are served: one route per file. */
const ASSETS = '/assets/';
/** The pages' paths (packages/contracts/src/pages.ts): a page has no path parameters, so its path is its pattern. */
const pagePaths: ReadonlySet<string> = new Set(Object.values(paths));
/** React Router's address of the loader data of a navigation to `/` (others are the page's path with `.data`). */
const ROOT_DATA = '/_root.data';

/**
 * The `route` label of a request to the pages' catch-all (docs/decisions/0056): the page's path, or its
 * path with `.data` for a navigation's loader data; undefined for any other address (a 404 page), which
 * keeps the catch-all's pattern. Never the address as sent: the labels stay a bounded set.
 */
function pageRoute(url: string): string | undefined {
  const path = url.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded === ROOT_DATA) return ROOT_DATA;
  const page = decoded.endsWith('.data') ? decoded.slice(0, -'.data'.length) : decoded;
  return pagePaths.has(page) ? decoded : undefined;
}

/**
 * Serves the web app from the same process as the API: hashed assets from the client build with
 * long-lived caching, and every other GET through React Router's server renderer. In development
 * (a WebDevSource) Vite serves the modules and hot updates, and each request renders the current sources.
 *
 * Pages the web app declares shared (a route's `headers`: `Cache-Control: public`, see
 * apps/web/app/site/page-caching.ts) are the same for every visitor: in production the 200s of
 * anonymous requests are kept in a page cache with their policy and served with an ETag, and shared
 * caches may keep them briefly. Everything else is `private, no-store`.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions) {
  const { build } = options;
  // The metrics' `route` of the pages and of the build's files: patterns, a bounded set.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route === '/*' || route === '/') labelRoute(request, pageRoute(request.url) ?? route);
    else if (route?.startsWith(ASSETS)) labelRoute(request, `${ASSETS}*`);
    done();
  });
  const serverBuild = 'appRoot' in build ? await viteServerBuild(app, build.appRoot) : await staticServerBuild(app, build);
  const handle = createRequestHandler(serverBuild, options.mode);
  const apiOrigin = apiOriginOf(options.apiBase);
  const development = 'appRoot' in build;
  const site = new URL(options.siteUrl);
  const cache = development ? undefined : options.pageCache;
  const seconds = options.pageCacheSeconds;
  const lookup = options.onPageCacheLookup ?? (() => {});
  const sharedCacheControl = `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
  /** Renders in progress of cacheable pages: requests for the same page wait for the one render. */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  if (cache) {
    // The cache's owner empties it; requests from now on must not wait for a render that may have read the content from before.
    const stop = options.signals.subscribe(CONTENT_CHANGED, () => rendering.clear());
    app.addHook('onClose', async () => stop());
  }

  const renderOnce = async (request: FastifyRequest, reply: FastifyReply) => {
    // A page the web app declares the same for every visitor is rendered without a nonce, and its
    // policy names the hashes of its inline scripts: its bytes and ETag are the same from every process.
    // Any other page has a nonce of its own: its scripts carry it, and its policy allows only them.
    // Style elements made by the pages' code are empty and filled through the CSS object model
    // (docs/decisions/0017, 0060).
    const nonce = newNonce();
    const rendered = await handle(toWebRequest(request, reply, site), { ...options.loadContext(request), cspNonce: nonce });
    const html = rendered.headers.get('content-type')?.startsWith('text/html') ?? false;
    const shared = html && declaredShared(rendered.headers.get('cache-control'));
    const https = request.protocol === 'https';
    if (!html) return { response: rendered, policy: undefined, shared };
    if (!shared || !rendered.body) return { response: rendered, policy: pageSecurityPolicy({ trust: { nonce }, apiOrigin, https }), shared };
    const page = hashedPage(await rendered.text());
    const response = new Response(page.html, { status: rendered.status, headers: rendered.headers });
    response.headers.delete('content-length');
    return { response, policy: pageSecurityPolicy({ trust: page, apiOrigin, https }), shared };
  };

  /** Sends a render as it came (streamed), with the headers of a page that is not stored. */
  const sendRendered = (request: FastifyRequest, reply: FastifyReply, rendered: Awaited<ReturnType<typeof renderOnce>>) => {
    const shared = rendered.shared && !carriesUser(request);
    const { response, policy } = rendered;
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const declared = response.headers.get('cache-control');
    if (policy) {
      if (development) {
        // Vite's development client injects styles without a nonce: the policy only reports there.
        reply.removeHeader('content-security-policy');
        reply.header('content-security-policy-report-only', policy);
        reply.header('cache-control', declared && !shared ? declared : REVALIDATE);
      } else {
        reply.header('content-security-policy', policy);
        // A copy of a page not stored here is never reused as is (a private page's body carries its response's nonce).
        reply.header('cache-control', shared || declared === REVALIDATE ? REVALIDATE : PERSONAL);
      }
    } else if (declaredShared(declared)) {
      // Loader data for navigations in the browser (`.data`): the declaration is about the page.
      reply.header('cache-control', REVALIDATE);
    }
    if (!response.body || request.method === 'HEAD') {
      void response.body?.cancel().catch(() => undefined);
      return reply.send();
    }
    return reply.send(Readable.fromWeb(response.body));
  };

  /** Sends a stored page: its body and the policy it was rendered with, or 304 when the client has it. */
  const sendStored = async (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    // A 304 repeats the policy: the hashes it names are those of the body the client holds.
    const bytes = await storedAnswer(request, reply, cache!, page, sharedCacheControl);
    return bytes ? reply.send(bytes) : reply.send();
  };

  /** Renders a cacheable page once for every request waiting on it; undefined when the render is not one to keep. */
  const renderToCache = (key: string, request: FastifyRequest, reply: FastifyReply, onOther: (rendered: Awaited<ReturnType<typeof renderOnce>>) => void) => {
    const mark = cache!.mark();
    const render = (async () => {
      const rendered = await renderOnce(request, reply);
      const { response, policy } = rendered;
      if (response.status !== 200 || !rendered.shared || !policy || response.headers.getSetCookie().length > 0) {
        onOther(rendered);
        return undefined;
      }
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Array<[string, string]> = [];
      for (const [name, value] of response.headers) if (name !== 'cache-control' && name !== 'content-length') headers.push([name, value]);
      headers.push(['content-security-policy', policy]);
      return cache!.store(key, mark, body, headers);
    })();
    rendering.set(key, render);
    void render.finally(() => {
      if (rendering.get(key) === render) rendering.delete(key);
    }).catch(() => undefined);
    return render;
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = cache && options.signals.hearing ? cacheKeyOf(request) : undefined;
    if (!key) return sendRendered(request, reply, await renderOnce(request, reply));
    // A hit is a request answered from the cache without a render of its own (a stored page, or another request's render).
    const stored = cache!.get(key);
    if (stored) {
      lookup('hit');
      return sendStored(request, reply, stored);
    }
    // A HEAD is rendered as a GET (its policy names the hashes of the body it does not send): it is kept alike.
    const waiting = rendering.get(key);
    const page = await waiting?.catch(() => undefined);
    lookup(page ? 'hit' : 'miss');
    if (page) return sendStored(request, reply, page);
    if (waiting) {
      // The other render was not one to keep (or failed): this request renders its own.
      return sendRendered(request, reply, await renderOnce(request, reply));
    }
    let other: Awaited<ReturnType<typeof renderOnce>> | undefined;
    const rendered = await renderToCache(key, request, reply, (unkept) => (other = unkept));
    if (rendered) return sendStored(request, reply, rendered);
    return sendRendered(request, reply, other!);
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

/**
 * The request React Router renders: the path and query as sent, on the site's own origin, with the
 * site's host in place of the Host header (nothing of the page may name an address the client chose).
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, site: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('host', site.host);
  // Appended to the origin, not resolved against it: a path that starts with `//` stays a path.
  const url = new URL(`${site.origin}${request.url.startsWith('/') ? '' : '/'}${request.url}`);
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // A HEAD is rendered as the GET it asks about: the same headers, the policy of the same body (not sent).
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return new Request(url, { method, headers, signal: controller.signal });
}
