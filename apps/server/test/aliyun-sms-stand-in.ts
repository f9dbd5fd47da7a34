import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for 阿里云短信服务's API (SendSms), for the `aliyun` SMS driver's tests: it records
 * every request and checks its ACS3-HMAC-SHA256 signature, computed here independently of the SDK
 * from the published V3 signing rules, with the test's AccessKey secret.
 */

export interface ReceivedSmsRequest {
  method: string;
  action: string | undefined;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  accessKeyId: string | undefined;
  /** Whether the signature verifies with the stand-in's secret. */
  signatureValid: boolean;
  /** Verifies the signature with another secret (a test that the check can fail). */
  verifiesWith(secret: string): boolean;
}

/** What the stand-in answers: a SendSms body (HTTP 200) or an HTTP error. */
export type StandInAnswer = { code: string; message?: string } | { status: number };

/** RFC 3986 percent-encoding as the V3 signature's canonical query string uses it. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The ACS3-HMAC-SHA256 signature of a request as received (headers lower-cased by Node). */
function signatureOf(request: IncomingMessage, body: Buffer, signedHeaders: string[], secret: string): string {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .join('&');
  const headers = signedHeaders.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders.join(';'), sha256(body)].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256(canonical)}`;
  return createHmac('sha256', secret).update(stringToSign).digest('hex');
}

export interface AliyunSmsStandIn {
  /** `http://127.0.0.1:port`, for ALIYUN_SMS_ENDPOINT. */
  endpoint: string;
  requests: ReceivedSmsRequest[];
  /** Answers, in order, for the next requests; afterwards every request gets `{ code: 'OK' }`. */
  answers: StandInAnswer[];
  close(): Promise<void>;
}

export async function startAliyunSmsStandIn(secret: string, answers: StandInAnswer[] = []): Promise<AliyunSmsStandIn> {
  const requests: ReceivedSmsRequest[] = [];
  const standIn = { answers } as AliyunSmsStandIn;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const authorization = String(request.headers.authorization ?? '');
      const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(authorization);
      const signedHeaders = match ? match[2]!.split(';') : [];
      const verifiesWith = (key: string) =>
        !!match && request.headers['x-acs-content-sha256'] === sha256(body) && signatureOf(request, body, signedHeaders, key) === match[3];
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push({
        method: request.method ?? '',
        action: request.headers['x-acs-action'] as string | undefined,
        query: Object.fromEntries(url.searchParams.entries()),
        headers: request.headers,
        accessKeyId: match?.[1],
        signatureValid: verifiesWith(secret),
        verifiesWith,
      });
      const answer = standIn.answers.shift() ?? { code: 'OK' };
      const requestId = `stand-in-${requests.length}`;
      if ('status' in answer) {
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ Code: 'ServiceUnavailable', Message: 'The request has failed due to a temporary failure of the server.', RequestId: requestId }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ Code: answer.code, Message: answer.message ?? answer.code, RequestId: requestId, ...(answer.code === 'OK' ? { BizId: `biz-${requests.length}` } : {}) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.endpoint = `http://127.0.0.1:${port}`;
  standIn.requests = requests;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
