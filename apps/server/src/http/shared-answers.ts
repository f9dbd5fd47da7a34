import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { endpoints, type ApiOperation, type EndpointSpec } from '@fuliaotong/contracts';
import type { SignalBus } from '../db/signals.js';
import type { CacheLookup } from './metrics.js';
import { carriesUser, MAX_KEY_LENGTH, storedAnswer, withoutTimestamp, type PageCache } from './page-cache.js';

/**
 * Stored answers may be kept by a browser, which asks again with the ETag every time (a 304 costs this
 * server a lookup): an edit shows on the caller's next request.
 */
const REVALIDATE = 'no-cache';

/** What the request to a shared read is to this cache: the key and mark of an answer to store. */
interface ToStore {
  key: string;
  mark: number;
}

const toStore = new WeakMap<FastifyRequest, ToStore>();

/**
 * The API's shared reads (an endpoint declared `shared` in the endpoint table, packages/contracts/src/api):
 * the 200 of a GET without a token or a cookie is kept in the answer cache the pages use
 * (docs/decisions/0035), keyed by its address, and the next such request to the address is answered
 * from it before its query is even parsed, with an ETag (If-None-Match answers 304) and the body in
 * the encoding the request prefers, compressed once per entry.
 *
 * The cache's owner empties it on every content change (the `content` signal, in any process); an
 * answer whose handler began before a change is not kept (the cache's generation mark), and while
 * this process cannot hear the other processes' signals nothing is served from the cache nor stored.
 *
 * `onLookup` is told whether each lookup found an answer (the metrics' hits and misses).
 *
 * Registered after @fastify/compress: its route hooks are added to each shared read's route, the
 * answer is taken before compress sees it.
 */
export function registerSharedAnswers(app: FastifyInstance, cache: PageCache, signals: SignalBus, onLookup?: (result: CacheLookup) => void): void {
  const serve: onRequestHookHandler = (request, reply, done) => {
    if (request.method !== 'GET' || !signals.hearing) return done();
    // The address as sent, but for the clients' timestamp: a handler's answer depends on nothing else
    // (another spelling of the same query is another entry, with the same answer). Pages' keys start
    // with their scheme, these with /api/.
    const query = request.url.indexOf('?');
    const key = query < 0 ? request.url : request.url.slice(0, query) + withoutTimestamp(request.url.slice(query));
    if (carriesUser(request) || key.length > MAX_KEY_LENGTH) return done();
    const stored = cache.get(key);
    onLookup?.(stored ? 'hit' : 'miss');
    if (!stored) {
      toStore.set(request, { key, mark: cache.mark() });
      return done();
    }
    // Answered here: the rest of the request's hooks and its handler do not run.
    const answer = storedAnswer(request, reply, cache, stored, REVALIDATE);
    if (answer instanceof Promise) answer.then((bytes) => reply.send(bytes), done);
    else reply.send(answer ?? undefined);
  };

  const store: onSendHookHandler = (request, reply, payload, done) => {
    const pending = toStore.get(request);
    if (!pending) return done(null, payload);
    toStore.delete(request);
    const contentType = reply.getHeader('content-type');
    if (
      reply.statusCode !== 200 ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      typeof contentType !== 'string' ||
      reply.hasHeader('set-cookie') ||
      reply.hasHeader('content-encoding')
    ) {
      return done(null, payload);
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const page = cache.store(pending.key, pending.mark, body, [['content-type', contentType]]);
    // Answered as the stored copy is: with its ETag, in the encoding the request prefers.
    const answer = storedAnswer(request, reply, cache, page, REVALIDATE);
    if (answer instanceof Promise) answer.then((bytes) => done(null, bytes), done);
    else done(null, answer);
  };

  app.addHook('onRoute', (route) => {
    const operation = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operation !== 'string' || !Object.hasOwn(endpoints, operation)) return;
    const spec: EndpointSpec = endpoints[operation as ApiOperation];
    if (!spec.shared) return;
    if (![route.method].flat().includes('GET')) return;
    // Last of the route's onRequest hooks (after its access check); first of its onSend hooks (before compress).
    route.onRequest = [...[route.onRequest ?? []].flat(), serve];
    route.onSend = [store, ...[route.onSend ?? []].flat()];
  });
}
