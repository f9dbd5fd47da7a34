import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { errorCatalogue, type ErrorCode, type ErrorResponse } from '@fuliaotong/contracts';

/** What Node's HTTP parser reports with a `clientError`: the error and the bytes it stopped at. */
interface ParserError extends Error {
  code?: string;
  bytesParsed?: number;
  rawPacket?: unknown;
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over the 16 KB limit, a URL
 * that alone exceeds it, malformed requests, timeouts) get the API's error shape too, written to the
 * socket, since there is no request to answer: Fastify's own handler answers `{ error, message,
 * statusCode }` in English. Passed to Fastify as `clientErrorHandler`.
 */
export function clientErrorHandler(this: FastifyInstance, error: ParserError, socket: Socket): void {
  // The connection is gone: nothing to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = codeOf(error);
  const { status, message } = errorCatalogue[code];
  const body: ErrorResponse = { error: { code, message, requestId: randomUUID() } };
  const json = JSON.stringify(body);
  this.log.debug({ err: error, requestId: body.error.requestId }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        // The headers every answer carries (security-headers.ts); this one never reaches the hooks that add them.
        `X-Content-Type-Options: nosniff\r\n` +
        `X-Frame-Options: DENY\r\n` +
        `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

function codeOf(error: ParserError): ErrorCode {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  if (error.code === 'HPE_HEADER_OVERFLOW') return requestLineOverflows(error) ? 'uri_too_long' : 'headers_too_large';
  return 'bad_request';
}

/**
 * Whether the limit was reached while still reading the request line, i.e. the URL alone is too long:
 * the packet starts a request and holds no line break before the point the parser stopped at.
 */
function requestLineOverflows(error: ParserError): boolean {
  const packet = error.rawPacket;
  if (!Buffer.isBuffer(packet)) return false;
  if (!/^[A-Z]+ /.test(packet.subarray(0, 16).toString('latin1'))) return false;
  return !packet.subarray(0, error.bytesParsed ?? packet.length).includes('\r\n');
}
