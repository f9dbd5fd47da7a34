import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;
import { maskLogValue, maskText, UNMASKED } from './mask.js';

/** Where log lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The server's pino options: every value logged passes through `maskLogValue` (mobile numbers,
 * e-mail addresses and verification codes masked, secret fields replaced), requests are logged with
 * a masked URL (a search for a mobile number puts it in the query), and errors with a masked message
 * and stack. Lines marked `UNMASKED` skip the walk: the `log` message drivers' (written as they are)
 * and each request's line (its only text, the URL, is masked by the `req` serializer).
 */
export function loggerOptions(level: string, destination?: LogDestination): LoggerOptions {
  return {
    level,
    stream: destination ?? standardOutput(),
    // No `redact` of the request's headers: the `req` serializer writes none.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskText(request.url),
        version: [request.headers['accept-version']].flat()[0],
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
        const [first] = args;
        if (first !== null && typeof first === 'object' && UNMASKED in first) {
          method.apply(this, args);
          return;
        }
        method.apply(this, args.map((arg) => maskLogValue(arg)));
      },
    },
  };
}

let stdout: LogDestination | undefined;

/** Lines wait for this many bytes or this long, whichever comes first. */
const BATCH_BYTES = 4096;
const BATCH_MS = 100;

/**
 * Standard output, written in batches: lines wait until 4 KB of them have come or 100 ms have passed,
 * so that a busy server makes far fewer writes than it logs lines (a write per line cost a tenth of
 * the time of a cached answer, docs/decisions/0035). What is still waiting when the process exits,
 * whatever ends it, is written then.
 */
function standardOutput(): LogDestination {
  if (!stdout) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
    let waiting = false;
    setInterval(() => {
      if (!waiting) return;
      waiting = false;
      stream.flush();
    }, BATCH_MS).unref();
    process.once('exit', () => stream.flushSync());
    stdout = {
      write(line: string) {
        waiting = true;
        stream.write(line);
      },
    };
  }
  return stdout;
}

/**
 * One line per request at info level, written when it is answered: `request completed` (or `request
 * errored`) with the request (method, masked URL, client address), the status and the response time,
 * under the request's id. The `incoming request` line, written as a request arrives, is for debugging
 * (LOG_LEVEL=debug): writing two lines per request cost as much as a cached answer itself
 * (docs/decisions/0035).
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    // Its fields are masked by the `req` serializer (the URL): the logger's walk over the line is skipped.
    else reply.log.info({ [UNMASKED]: true, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
