import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/**
 * A client that stops reading a response (a browser navigating away from a page still streaming, a
 * closed mini-program page) is not a server error. @fastify/compress logs the end of every compressed
 * stream it pipes with `reply.log.error(err)`, so each such abort logged "premature close" at error
 * level, next to Fastify's own info line "stream closed prematurely". Those are logged at debug here;
 * the same error while the connection is still open, and every other error, stays an error.
 */
export function quietAbortedResponses(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.log = abortAwareLog(reply.log, reply);
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

/**
 * The request's logger with its `error` method looking at what it is given. The rest is the logger
 * itself (pino's child loggers are made the same way: an object whose prototype is the parent).
 */
function abortAwareLog(log: FastifyBaseLogger, reply: FastifyReply): FastifyBaseLogger {
  const wrapped = Object.create(log) as FastifyBaseLogger;
  wrapped.error = ((first: unknown, ...rest: unknown[]) => {
    const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
    if (isPrematureClose(error) && clientWentAway(reply)) {
      log.debug({ err: error }, 'client closed the connection before the response was sent');
      return;
    }
    Reflect.apply(log.error, log, [first, ...rest]);
  });
  return wrapped;
}
