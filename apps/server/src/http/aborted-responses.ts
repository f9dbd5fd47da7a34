import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/**
 * A client that stops reading a response (a browser navigating away from a page still streaming, a
 * closed mini-program page) is not a server error. @fastify/compress logs the end of every compressed
 * stream it pipes with `reply.log.error(err)`, so each such abort logged "premature close" at error
 * level, next to Fastify's own info line "stream closed prematurely". Those are logged at debug here;
 * the same error while the connection is still open, and every other error, stays an error.
 */
export function quietAbortedResponses(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    abortAware(reply.log, reply);
    done();
  });
}

/** Whether an error is a stream's "premature close" (end-of-stream's message, node's code). */
export function isPrematureClose(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.message === 'premature close' || (error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** The connection closed before the response was sent in full. */
function clientWentAway(reply: FastifyReply): boolean {
  return !reply.raw.writableFinished && reply.raw.destroyed;
}

const QUIETENED = Symbol('quietened');

/**
 * Makes the request's own logger (a child of the server's, made for this request) look at what its
 * `error` method is given. An own method, rather than a logger made with the request's as prototype:
 * an object turned into a prototype on every request slows every later use of the loggers.
 */
function abortAware(log: FastifyBaseLogger, reply: FastifyReply): void {
  // Without logging every request shares one logger that logs nothing: it is left as it is.
  if (Object.hasOwn(log, QUIETENED)) return;
  Object.defineProperty(log, QUIETENED, { value: true });
  const error = log.error;
  log.error = ((first: unknown, ...rest: unknown[]) => {
    const cause = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
    if (isPrematureClose(cause) && clientWentAway(reply)) {
      log.debug({ err: cause }, 'client closed the connection before the response was sent');
      return;
    }
    Reflect.apply(error, log, [first, ...rest]);
  });
}
