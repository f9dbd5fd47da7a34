import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  endpoints,
  ErrorResponse,
  routeOf,
  type ApiOperation,
  type EndpointSpec,
  type ExcipientDetail,
  type HttpMethod,
} from '@fuliaotong/contracts';
import { GOOD_PASSWORD, multipart } from '../../test/accounts.js';
import { PDF, PNG, uploadFor } from '../../test/fixture-files.js';
import { staffFixtures, demoExcipient, newSessionToken, ownerWithRows, rowParams, type Owned, type Session } from '../../test/endpoint-fixtures.js';
import {
  hostileString,
  hostilePathSegment,
  malformedHost,
  malformedJson,
  mutatedJson,
  mutatedQuery,
  nonCanonicalId,
  pairsOf,
  percentEncode,
  queryString,
  shortened,
  type QueryPairs,
} from '../../test/hostile-input.js';
import { registerStaff } from '../../test/samples.js';
import { freeTextKeys, validInput } from '../../test/schema-arbitraries.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { changeNotices } from '../modules/change-notice/change-notice.schema.js';
import { companies } from '../modules/company/company.schema.js';
import { invoices } from '../modules/invoice/invoice.schema.js';
import { orders } from '../modules/order/order.schema.js';
import { plans } from '../modules/plan/plan.schema.js';
import { quoteRequests } from '../modules/quote/quote.schema.js';
import { seedDemoContent } from '../modules/demo/demo-seed.js';

/*
 * Property-based fuzzing of the whole endpoint table: for every operation, requests built from its
 * example and generated from its zod schemas, then made bad in one way each (control characters,
 * huge strings, numbers out of range, impossible dates, wrong types, missing and extra fields,
 * unknown query parameters, malformed JSON, wrong content types, malformed multipart, bad path
 * parameters, odd headers, half a surrogate pair in text, a malformed Host header, an id written
 * another way than plain decimal digits), sent by an anonymous caller, a signed-in user and a member of the staff
 * to the real app on a real database with the demo content. No answer may be a 5xx, every error
 * answer (except from `raw` endpoints) must be in the API's error shape with a Chinese message, and a
 * request with half a surrogate pair or an id written another way must be refused.
 *
 * FUZZ_RUNS sets the runs per operation (CI: the default below), FUZZ_SEED another seed. A failure
 * prints the request that failed (fast-check's counterexample, shrunk) and the seed and path that
 * replay it.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_412);

/** Operations whose requests end sessions: each run gets a new session, so that the next still has one. */
const endsSessions = new Set<ApiOperation>(['accountLogout', 'accountLogoutAll', 'accountChangePassword', 'accountDelete']);

/**
 * Operations whose success needs what no generated request can hold: a one-time code sent by SMS or
 * e-mail (register, reset, sign-in by code, a staff log-in's second step), a shipped application's COA
 * (the fixtures' application awaits review), or an account with nothing open (deletion; the owner's
 * rows include an application awaiting review). Their successful paths are the authorization matrix's
 * and their own tests'; here they must only never fail badly.
 */
const successOutOfReach = new Set<ApiOperation>([
  'accountRegister',
  'accountResetPassword',
  'accountLoginByCode',
  'accountLoginVerify',
  'accountDelete',
  'applicationCoa',
  'adminApplicationCoa',
  // A gateway's notification succeeds only with the gateway's signature (the order tests send signed ones).
  'paymentNotifyWechat',
  'paymentNotifyAlipay',
  // The body names the caller's own paid order and title (the invoice tests ask for invoices).
  'invoiceCreate',
  // The fixtures' grant is a database subscription, without seats (the grant tests give and take seats).
  'grantSeatAdd',
  'grantSeatRemove',
  // The owner already has a company (one company per user): the invitation addressed to them can only be declined (the company tests accept invitations).
  'companyInvitationAccept',
  // The body names the newest revision of the owner's request, which no example can (the quote tests accept quotes).
  'quoteAccept',
  // The owner's sales order waits for its contract: nothing to receive, pay, invoice or ship yet (the sales order tests take every step).
  'salesOrderReceive',
  'salesOrderInvoice',
  'adminSalesOrderConfirmTransfer',
  'adminSalesOrderShip',
  'adminSalesOrderReceive',
  // The owner's document request awaits review: nothing to download (the document request tests deliver documents).
  'documentRequestFile',
  // The fixtures' change notices have no documents (the change notice tests attach and download them).
  'changeNoticeDocument',
  'adminChangeNoticeDocument',
]);

/**
 * Operations that change or remove the owner's rows (or avatar, or password): each gets an owner of its
 * own, so that the operations after it still find the rows the table's fixtures name.
 */
const ownRows = new Set<ApiOperation>([
  'accountUpdateProfile',
  'accountUploadAvatar',
  'accountChangePassword',
  'accountDelete',
  'addressDelete',
  'favoriteRemove',
  'sampleCartRemove',
  'companyMemberRemove',
  'companyInvitationRevoke',
  'companyInvitationDecline',
  'applicationSubmit',
  'applicationWithdraw',
  'adminApplicationApprove',
  'adminApplicationReject',
  'adminApplicationShip',
  'adminApplicationDeliver',
  'salesOrderCancel',
  'adminSalesOrderCancel',
  'documentRequestWithdraw',
  'adminDocumentRequestApprove',
  'adminDocumentRequestRefuse',
  'adminChangeNoticePublish',
  'adminChangeNoticeWithdraw',
]);

/**
 * The products desk's writes may rewrite or take down the demo product (a generated path id can be
 * its id) that the other operations' fixtures put in carts and applications: they run after every
 * other operation, wherever the table lists them.
 */
const runLast = new Set<ApiOperation>(['adminExcipientCreate', 'adminExcipientUpdate', 'adminExcipientPublish']);
const operations = (Object.keys(apiPaths) as ApiOperation[]).sort((a, b) => Number(runLast.has(a)) - Number(runLast.has(b)));

const jwtSecret = randomBytes(32);
let t: TestApp;
let excipient: ExcipientDetail;
let shared: { owner: Session; owned: Owned };
let staff: Session;
let sent = 0;
/** Answers per operation and status, printed after a long run (FUZZ_RUNS set) to show what was reached. */
const statuses = new Map<string, Map<number, number>>();

beforeAll(async () => {
  const unlimited = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  // Log-in and registration limits raised: a 429 would hide what the request would have reached.
  t = await createTestApp({ jwtSecret, limits: { loginFailuresPerAccount: unlimited, loginsPerIp: unlimited, registrationsPerIp: unlimited } });
  await seedDemoContent(t.database.db, { onlyIfEmpty: true });
  excipient = await demoExcipient(t.app);
  shared = await ownerWithRows(t.app, excipient);
  staff = await registerStaff(t.app, t.database);
  await staffFixtures(t.app, t.database);
});
afterAll(async () => {
  console.log(`endpoint fuzz: ${sent} requests, ${RUNS} runs per operation, seed ${SEED}`);
  if (process.env.FUZZ_RUNS) {
    for (const [operation, counts] of statuses) {
      console.log(`${operation.padEnd(28)} ${[...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ')}`);
    }
  }
  await t.close();
});

type Caller = 'anonymous' | 'user' | 'staff';

/** One request as it is sent: a failure prints it. */
interface FuzzRequest {
  caller: Caller;
  method: HttpMethod | 'HEAD' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was made bad (or `valid`). */
  change: string;
  /** Made bad in a way no endpoint may accept (half a surrogate pair, an id written another way): the answer must be an error. */
  refused?: boolean;
}

/** How a request prints in a failure: what was made bad, who sent it, and the request, long strings shortened. */
function printed(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : `\n  payload: ${shortened(typeof request.payload === 'string' ? JSON.stringify(request.payload) : `<${request.payload.length} bytes> ${JSON.stringify(request.payload.toString('latin1'))}`)}`;
  return `${request.change}: ${request.caller} ${request.method} ${shortened(request.url)}\n  headers: ${shortened(JSON.stringify(request.headers))}${payload}`;
}

function fuzzRequest(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, {
    [fc.toStringMethod](this: FuzzRequest) {
      return printed(this);
    },
  });
}

/** The body of a request: a content type and the bytes, or nothing. */
interface Body {
  contentType?: string;
  payload?: string | Buffer;
}

const jsonBody = (value: unknown): Body => {
  const payload = JSON.stringify(value);
  return payload === undefined ? {} : { contentType: 'application/json', payload };
};

/* ------------------------------------- multipart ------------------------------------- */

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Buffer;
}

function multipartBody(parts: Part[], boundary = 'fuzzboundary'): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}\r\n` +
        `${part.type === undefined ? '' : `Content-Type: ${part.type}\r\n`}\r\n`,
    ),
    part.content,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

const multipartType = 'multipart/form-data; boundary=fuzzboundary';

/** A valid upload of the operation's kind of file (an image, a PDF) and the ways to break one. */
function multipartBodiesFor(operation: ApiOperation): fc.Arbitrary<{ body: Body; change: string }> {
  const file = uploadFor(operation);
  const png: Part = { name: 'file', filename: file.filename, type: file.type, content: file.bytes };
  return fc.oneof(
  fc.constant({ body: { contentType: multipartType, payload: multipartBody([png]) }, change: 'valid' }),
  fc
    .constantFrom<[string, Part[]]>(
      ['another field name', [{ ...png, name: 'avatar' }]],
      ['two files', [png, png]],
      ['a text field only', [{ name: 'file', content: Buffer.from('abc') }]],
      ['an empty file', [{ ...png, content: Buffer.alloc(0) }]],
      ['text as an image', [{ ...png, content: Buffer.from('not an image') }]],
      ['a PNG called JPEG', [{ ...png, filename: 'a.jpg', type: 'image/jpeg' }]],
      ['an SVG', [{ ...png, filename: 'a.svg', type: 'image/svg+xml', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }]],
      ['no part type', [{ ...png, type: undefined }]],
      ['a part type of junk', [{ ...png, type: 'junk' }]],
      ['a path as file name', [{ ...png, filename: '../../../etc/passwd' }]],
      ['a huge file name', [{ ...png, filename: `${'a'.repeat(10_000)}.png` }]],
      ['a control character in the file name', [{ ...png, filename: 'a\u0001.png' }]],
      ['seven parts', Array.from({ length: 7 }, (_, i) => ({ name: `f${i}`, content: Buffer.from('x') }))],
      ['a file beyond 2 MB', [{ ...png, content: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1)]) }]],
    )
    .map(([change, parts]) => ({ body: { contentType: multipartType, payload: multipartBody(parts) }, change })),
  fc.record({ cut: fc.integer({ min: 1, max: 200 }) }).map(({ cut }) => ({
    body: { contentType: multipartType, payload: multipartBody([png]).subarray(0, cut) },
    change: `cut after ${cut} bytes`,
  })),
  fc
    .constantFrom<[string, Body]>(
      ['no boundary', { contentType: 'multipart/form-data', payload: multipartBody([png]) }],
      ['another boundary', { contentType: 'multipart/form-data; boundary=other', payload: multipartBody([png]) }],
      ['a huge boundary', { contentType: `multipart/form-data; boundary=${'b'.repeat(5_000)}`, payload: multipartBody([png], 'b'.repeat(5_000)) }],
      ['no closing boundary', { contentType: multipartType, payload: multipartBody([png]).subarray(0, -20) }],
      ['an empty body', { contentType: multipartType, payload: '' }],
      ['JSON', jsonBody({ file: 'a.png' })],
      ['a form', { contentType: 'application/x-www-form-urlencoded', payload: 'file=a.png' }],
      ['raw image bytes', { contentType: 'image/png', payload: PNG }],
      ['no body', {}],
    )
    .map(([change, body]) => ({ body, change })),
  );
}

/* ---------------------------------- JSON bodies gone bad ---------------------------------- */

const contentTypes = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/*',
  '*/*',
  'application/vnd.api+json',
  'application/json, text/plain',
  'json',
  '',
  'x'.repeat(2_000),
);

/** The valid body sent the wrong way: another content type, as a form, as multipart, empty, or none at all. */
function misSentBodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<{ body: Body; change: string }> {
  return fc.oneof(
    fc.tuple(valid, contentTypes).map(([value, contentType]) => ({ body: { contentType, payload: JSON.stringify(value) ?? '' }, change: `content type ${contentType}` })),
    valid.map((value) => ({
      body: { contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(pairsOf((value ?? {}) as Record<string, unknown>)).toString() },
      change: 'sent as a form',
    })),
    valid.map((value) => ({
      body: {
        contentType: multipartType,
        payload: multipartBody(pairsOf((value ?? {}) as Record<string, unknown>).map(([name, v]) => ({ name, content: Buffer.from(v) }))),
      },
      change: 'sent as multipart',
    })),
    fc.constantFrom<[string, Body]>(
      ['an empty JSON body', { contentType: 'application/json', payload: '' }],
      ['no body', {}],
      ['bytes', { contentType: 'application/octet-stream', payload: Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37) % 256)) }],
    ).map(([change, body]) => ({ body, change })),
    malformedJson.map((payload) => ({ body: { contentType: 'application/json', payload }, change: 'malformed JSON' })),
  );
}

/* ---------------------------------------- headers ---------------------------------------- */

/** Header values a client could send (printable: Node's HTTP parser refuses control characters in them). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const printable = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[^\u0020-\u00ff]/g, '?');

const oddHeaders: fc.Arbitrary<{ headers: Record<string, string>; change: string }> = fc.oneof(
  fc
    .oneof(
      hostileString.map((value) => `Bearer ${value}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer x.y.z', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'Token abc'),
    )
    .map((value) => ({ headers: { authorization: printable(value) }, change: 'authorization header' })),
  fc
    .tuple(
      fc.constantFrom('x-forwarded-for', 'x-request-id', 'accept', 'accept-encoding', 'accept-language', 'user-agent', 'origin', 'cookie', 'if-none-match', 'range', 'content-length'),
      fc.oneof(hostileString, fc.constantFrom('999.999.999.999', '::ffff:1.2.3.4', 'unknown, 1.2.3.4', '1.2.3.4, 5.6.7.8', 'fe80::1%eth0', 'br;q=abc, gzip;q=2', 'identity;q=0', 'bytes=0-0,-1', '*', '0', '1', '99999')),
    )
    .map(([name, value]) => ({ headers: { [name]: printable(value) }, change: `${name} header` })),
  malformedHost.map((host) => ({ headers: { host }, change: `host header ${JSON.stringify(host)}` })),
);

/* ---------------------------------------- requests ---------------------------------------- */

/** What a valid request to `operation` is made of, before anything is made bad. */
function validParts(operation: ApiOperation, spec: EndpointSpec, owner: Session, owned: Owned) {
  const fixture: Record<string, unknown> = { ...spec.example?.params, ...(spec.rows ? rowParams[spec.rows.kind]!(owned, excipient) : {}) };
  const encode = (params: Record<string, unknown>) => Object.fromEntries(Object.entries(params).map(([k, v]) => [k, percentEncode(String(v))]));
  const params: fc.Arbitrary<Record<string, string>> = spec.params
    ? fc.oneof({ weight: 3, arbitrary: fc.constant(encode(fixture)) }, { weight: 1, arbitrary: validInput(spec.params).map((v) => encode({ ...fixture, ...(v as object) })) })
    : fc.constant({});

  const exampleQuery = pairsOf(spec.example?.query ?? {});
  const query: fc.Arbitrary<Array<[string, string]>> = spec.query
    ? fc.oneof(fc.constant(exampleQuery), validInput(spec.query).map((v) => pairsOf(v as Record<string, unknown>)))
    : fc.constant([]);

  // Log-in: the owner's account (the table's example names an account that may not exist).
  const exampleBody = operation === 'accountLogin' ? { account: owner.account, password: GOOD_PASSWORD } : spec.example?.body;
  let body: fc.Arbitrary<unknown> = fc.constant(undefined);
  if (operation === 'accountRegister') {
    // Registration: a new account each time, or all but the first would be refused as taken (409).
    body = fc.stringMatching(/^13\d{9}$/).map((account) => ({ account, password: GOOD_PASSWORD }));
  } else if (spec.body && spec.bodyFormat !== 'multipart') {
    // The example is valid for certain; a generated body may fail a refinement and hide what is made bad in it.
    body = exampleBody === undefined ? validInput(spec.body) : fc.oneof({ weight: 3, arbitrary: fc.constant(exampleBody) }, { weight: 1, arbitrary: validInput(spec.body) });
  }
  return { params, query, body, exampleBody, fixture: encode(fixture), exampleQuery };
}

/** Mostly the caller the endpoint is for, so that most requests get past the access check to the input. */
function callers(spec: EndpointSpec): fc.Arbitrary<Caller> {
  const main: Caller = spec.access === 'public' || spec.access === 'optional' ? 'anonymous' : spec.access === 'user' ? 'user' : 'staff';
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(main) },
    { weight: 1, arbitrary: fc.constantFrom<Caller>(...(['anonymous', 'user', 'staff'] as const).filter((c) => c !== main)) },
  );
}

function requestsTo(operation: ApiOperation, spec: EndpointSpec, owner: Session, owned: Owned) {
  const { method, path } = routeOf(operation);
  const valid = validParts(operation, spec, owner, owned);
  const caller = callers(spec);
  const paramNames = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const queryKeys = spec.query ? Object.keys(spec.query.shape) : [];
  const queryTextKeys = spec.query ? freeTextKeys(spec.query) : [];
  const multipart = spec.bodyFormat === 'multipart';

  const build = (who: Caller, params: Record<string, string>, query: QueryPairs, body: Body, change: string, headers: Record<string, string> = {}, refused = false) =>
    fuzzRequest({
      caller: who,
      method,
      url: path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '') + queryString(query),
      headers: { ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }), ...headers },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
      change,
      ...(refused ? { refused } : {}),
    });

  const validBody: fc.Arbitrary<{ body: Body; change: string }> = multipart
    ? multipartBodiesFor(operation).filter(({ change }) => change === 'valid')
    : valid.body.map((value) => ({ body: jsonBody(value), change: 'valid' }));

  const branches: Array<fc.WeightedArbitrary<FuzzRequest>> = [
    // Weights: the parts an endpoint reads are where its bugs are; valid requests also start each run (the examples).
    {
      weight: 1,
      arbitrary: fc.tuple(caller, valid.params, valid.query, validBody).map(([who, params, pairs, b]) => build(who, params, { pairs }, b.body, 'valid')),
    },
    {
      weight: spec.query ? 4 : 1,
      arbitrary: fc
        .tuple(caller, valid.params, mutatedQuery(valid.query, queryKeys, queryTextKeys), validBody)
        .map(([who, params, query, b]) => build(who, params, query.value, b.body, query.change)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(caller, valid.params, valid.query, validBody, oddHeaders)
        .map(([who, params, pairs, b, h]) => build(who, params, { pairs }, b.body, h.change, h.headers)),
    },
  ];
  branches.push({
    weight: 1,
    arbitrary: fc
      .tuple(caller, valid.params, valid.query, validBody, fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS') as fc.Arbitrary<FuzzRequest['method']>)
      .map(([who, params, pairs, b, other]) => ({ ...build(who, params, { pairs }, b.body, `method ${other}`), method: other })),
  });
  if (paramNames.length) {
    branches.push({
      weight: 4,
      arbitrary: fc
        .tuple(caller, valid.params, fc.noBias(fc.constantFrom(...paramNames)), hostilePathSegment, valid.query, validBody)
        .map(([who, params, name, segment, pairs, b]) => build(who, { ...params, [name]: segment }, { pairs }, b.body, `path :${name} → hostile value`)),
    });
  }
  // An id the fixtures name, written another way (0x1, 1e0, +1, 01): it must not reach the row.
  const idNames = paramNames.filter((name) => /^[1-9]\d*$/.test(valid.fixture[name] ?? ''));
  if (idNames.length) {
    const spelling = fc.noBias(fc.constantFrom(...idNames)).chain((name) => nonCanonicalId(Number(valid.fixture[name])).map((text) => [name, text] as const));
    branches.push({
      weight: 2,
      arbitrary: fc
        .tuple(caller, spelling, valid.query, validBody)
        .map(([who, [name, text], pairs, b]) => build(who, { ...valid.fixture, [name]: text }, { pairs }, b.body, `path :${name} → ${text}`, {}, true)),
    });
  }
  if (multipart) {
    branches.push({
      weight: 6,
      arbitrary: fc.tuple(caller, multipartBodiesFor(operation)).map(([who, b]) => build(who, {}, { pairs: [] }, b.body, b.change)),
    });
  } else {
    branches.push({
      weight: spec.body ? 2 : 1,
      arbitrary: fc.tuple(caller, valid.params, valid.query, misSentBodies(valid.body)).map(([who, params, pairs, b]) => build(who, params, { pairs }, b.body, b.change)),
    });
  }
  if (spec.body && !multipart) {
    branches.push({
      weight: 6,
      arbitrary: fc
        .tuple(caller, valid.params, valid.query, mutatedJson(valid.body))
        .map(([who, params, pairs, b]) => build(who, params, { pairs }, jsonBody(b.value), `body ${b.change}`, {}, b.refused)),
    });
  }

  // The table's example, sent first by each caller.
  const file = uploadFor(operation);
  const exampleBody: Body = multipart
    ? { contentType: multipartType, payload: multipartBody([{ name: 'file', filename: file.filename, type: file.type, content: file.bytes }]) }
    : jsonBody(valid.exampleBody);
  const examples = (['anonymous', 'user', 'staff'] as const).map((who) => build(who, valid.fixture, { pairs: valid.exampleQuery }, exampleBody, 'the example'));
  return { arbitrary: fc.oneof(...branches), examples };
}

/* ---------------------------------------- the check ---------------------------------------- */

function bodyText(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** Sends the request and throws (failing the property) on a 5xx or an error answer out of shape. */
async function expectNoServerError(operation: ApiOperation, spec: EndpointSpec, request: FuzzRequest, tokens: Record<Caller, () => Promise<string | undefined>>) {
  const token = await tokens[request.caller]();
  const options: InjectOptions = {
    method: request.method,
    url: request.url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  sent += 1;
  const response = await t.app.inject(options);
  const status = response.statusCode;
  const counts = statuses.get(operation) ?? new Map<number, number>();
  statuses.set(operation, counts.set(status, (counts.get(status) ?? 0) + 1));
  const text = bodyText(response);
  if (status >= 500) throw new Error(`answered ${status}: ${shortened(text)}`);
  if (request.refused && !spec.raw && status < 400) throw new Error(`accepted it (${status}): ${shortened(text)}`);
  // An answer to HEAD has no body; the raw endpoints answer in the format of whoever calls them.
  if (status < 400 || spec.raw || request.method === 'HEAD') return;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) throw new Error(`answered ${status} as ${type}: ${shortened(text)}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`answered ${status} with a body that is not JSON: ${shortened(text)}`);
  }
  const parsed = ErrorResponse.safeParse(json);
  if (!parsed.success) throw new Error(`answered ${status} out of the error shape: ${shortened(text)}`);
  if (!/[\u4e00-\u9fff]/.test(parsed.data.error.message)) throw new Error(`answered ${status} without a Chinese message: ${shortened(text)}`);
}

/** Brings an application to the state where the operation can succeed. */
const prepare: Partial<Record<ApiOperation, (owned: Owned) => Promise<void>>> = {
  adminApplicationShip: (owned) => advance(owned, ['approve']),
  adminApplicationDeliver: (owned) => advance(owned, ['approve', 'ship']),
  orderCreate: () => reopenOrder(),
  orderCancel: () => reopenOrder(),
  orderPay: () => reopenOrder(),
  orderSlip: () => reopenOrder(),
  adminInvoiceUpload: () => invoiceIn('requested', false),
  adminInvoiceIssue: () => invoiceIn('requested', true),
  adminInvoiceReject: () => invoiceIn('requested', false),
  adminInvoiceReverse: () => invoiceIn('issued', true),
  invoiceFile: () => invoiceIn('issued', true),
  // The owner's company waits for verification again (a verification or rejection before leaves it decided).
  adminCompanyVerify: () => companyPending(),
  adminCompanyReject: () => companyPending(),
  // The owner's price request is quoted again (a step before may have answered, withdrawn or expired it).
  quoteMessage: () => quoteQuoted(),
  quoteRevisionRequest: () => quoteQuoted(),
  quoteDecline: () => quoteQuoted(),
  quoteCancel: () => quoteQuoted(),
  adminQuoteRevise: () => quoteQuoted(),
  adminQuoteMessage: () => quoteQuoted(),
  // The owner's change notice is published again and their draft a draft (a generated id may have withdrawn or published them).
  changeNoticeAcknowledge: () => changeNoticesAsMade(),
  adminChangeNoticeRemind: () => changeNoticesAsMade(),
  adminChangeNoticeUpdate: () => changeNoticesAsMade(),
  adminChangeNoticeUpload: () => changeNoticesAsMade(),
};

async function changeNoticesAsMade() {
  await t.database.db.update(changeNotices).set({ status: 'published', withdrawnAt: null, withdrawReason: null }).where(eq(changeNotices.id, shared.owned.changeNotice));
  await t.database.db.update(changeNotices).set({ status: 'draft', publishedAt: null, documents: [] }).where(eq(changeNotices.id, shared.owned.changeNoticeDraft));
}

async function quoteQuoted() {
  await t.database.db.update(quoteRequests).set({ status: 'quoted' }).where(eq(quoteRequests.id, shared.owned.quote));
}

async function companyPending() {
  await t.database.db.update(companies).set({ status: 'pending' }).where(eq(companies.id, shared.owned.company));
}

/** The owner's invoice in the status the operation needs, with its file uploaded when it needs one. */
async function invoiceIn(status: 'requested' | 'issued', withFile: boolean) {
  const { db } = t.database;
  const id = shared.owned.invoice;
  await db.update(invoices).set({ status: 'requested' }).where(eq(invoices.id, id));
  if (withFile) {
    const headers = { authorization: `Bearer ${await newSessionToken(t.database, jwtSecret, staff.user.id)}` };
    const file = multipart(PDF, 'invoice.pdf', 'application/pdf');
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/invoice/${id}/file`, headers: { ...headers, ...file.headers }, payload: file.payload });
    expect(response.statusCode, response.body).toBe(200);
  }
  await db.update(invoices).set({ status }).where(eq(invoices.id, id));
}

/**
 * The owner's order waits for a bank transfer again, and is their only open one, and the first plan is
 * on sale: what ran before (a cancellation, new orders up to the limit, the plan desk's fuzz) does not
 * decide what the next order operation can reach.
 */
async function reopenOrder() {
  const { db } = t.database;
  await db.update(plans).set({ onSale: true }).where(eq(plans.id, 1));
  await db
    .update(orders)
    .set({ status: 'closed' })
    .where(and(eq(orders.userId, shared.owner.user.id), ne(orders.id, shared.owned.order)));
  await db
    .update(orders)
    .set({ status: 'pending', method: 'bank', expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000) })
    .where(eq(orders.id, shared.owned.order));
}

async function advance(owned: Owned, steps: Array<'approve' | 'ship'>) {
  const headers = { authorization: `Bearer ${await newSessionToken(t.database, jwtSecret, staff.user.id)}` };
  for (const step of steps) {
    const payload = step === 'ship' ? endpoints.adminApplicationShip.example.body : {};
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/application/${owned.application}/${step}`, headers, payload });
    expect(response.statusCode, response.body).toBe(200);
  }
}

describe('endpoint fuzz', () => {
  it.each(operations)('%s', async (operation) => {
    const spec: EndpointSpec = endpoints[operation];
    const { owner, owned } = ownRows.has(operation) ? await ownerWithRows(t.app, excipient) : shared;
    await prepare[operation]?.(owned);
    // Sessions of their own for this operation; a new one for every request where a request may end it.
    const session = async (userId: number): Promise<() => Promise<string>> => {
      if (endsSessions.has(operation)) return () => newSessionToken(t.database, jwtSecret, userId);
      const token = await newSessionToken(t.database, jwtSecret, userId);
      return () => Promise.resolve(token);
    };
    const tokens: Record<Caller, () => Promise<string | undefined>> = {
      anonymous: () => Promise.resolve(undefined),
      user: await session(owner.user.id),
      staff: await session(staff.user.id),
    };
    const { arbitrary, examples } = requestsTo(operation, spec, owner, owned);
    await fc.assert(
      fc.asyncProperty(arbitrary, (request) => expectNoServerError(operation, spec, request, tokens)),
      { seed: SEED, numRuns: RUNS, examples: examples.map((request) => [request]) },
    );
    // A run that never got past the access check or the fixtures would test nothing.
    const answered = [...(statuses.get(operation) ?? new Map<number, number>())];
    if (!successOutOfReach.has(operation)) {
      expect(answered.filter(([status]) => status < 300), JSON.stringify(answered)).not.toEqual([]);
    }
    if (operation === 'adminUpdateSampleLimits') {
      // Limits are global: the table's example restores the defaults for whatever runs next.
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/sample-limits',
        headers: { authorization: `Bearer ${await tokens.staff()}` },
        payload: endpoints.adminUpdateSampleLimits.example.body,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  }, Math.max(90_000, RUNS * 3_000));
});
