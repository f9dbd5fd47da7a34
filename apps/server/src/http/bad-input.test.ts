import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminStandard, Address, AdminUsage, endpoints, ErrorResponse, User } from '@fuliaotong/contracts';
import { bearer, newIp, registerMember } from '../../test/accounts.js';
import { parsed } from '../../test/responses.js';
import { registerStaff } from '../../test/samples.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../modules/account/token.service.js';

/*
 * Bad input from anyone answers a 4xx in the API's error shape with a Chinese message, never a 5xx.
 */

const jwtSecret = randomBytes(32);
let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
beforeAll(async () => {
  t = await createTestApp({ jwtSecret });
  member = await registerMember(t.app);
});
afterAll(async () => {
  await t.close();
});

/** The answer must be `status` in the error shape, with a Chinese message. */
async function expectRefused(options: InjectOptions, status = 400) {
  const response = await t.app.inject({ ...options, headers: { 'x-forwarded-for': newIp(), ...options.headers } });
  expect(response.statusCode, response.body).toBe(status);
  const body = ErrorResponse.parse(response.json());
  expect(body.error.message).toMatch(/[\u4e00-\u9fff]/);
  return body;
}

const issueMessages = (body: ErrorResponse) =>
  Array.isArray(body.error.details) ? body.error.details.map((issue) => issue.message) : [];

describe('control characters in text', () => {
  it.each([
    ['GET', '/api/app/search?q=a%00b'],
    ['GET', '/api/app/excipient?keyword=%00'],
    ['GET', '/api/app/registration?company=%01'],
    ['GET', '/api/app/regulation?keyword=a%1Bb'],
  ])('%s %s answers 400', async (method, url) => {
    const body = await expectRefused({ method, url });
    expect(body.error.code).toBe('validation_failed');
    expect(issueMessages(body)).toContain('不能包含控制字符');
  });

  it('in the log-in form answers 400', async () => {
    const body = await expectRefused({ method: 'POST', url: '/api/app/account/login', payload: { account: '\u0000', password: 'x' } });
    expect(issueMessages(body)).toContain('不能包含控制字符');
  });

  it('in the profile answers 400', async () => {
    const body = await expectRefused({
      method: 'PUT',
      url: '/api/app/account/profile',
      headers: bearer(member.token),
      payload: { name: 'a\u0000b' },
    });
    expect(issueMessages(body)).toContain('不能包含控制字符');
  });

  it('still accepts tabs and line breaks in long text, and keeps the other messages', async () => {
    const body = await expectRefused({
      method: 'PUT',
      url: '/api/app/account/profile',
      headers: bearer(member.token),
      payload: { name: 'x'.repeat(31) },
    });
    expect(issueMessages(body)).toEqual(['姓名最多 30 个字']);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/app/account/profile',
      headers: bearer(member.token),
      payload: { name: '  张三\t ' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(parsed(ok, User).name).toBe('张三');
  });
});

describe('lone surrogates in text', () => {
  // JSON can carry half of a surrogate pair (`"x\ud800y"`); UTF-8 and PostgreSQL's JSON columns cannot.
  const LONE = 'x\ud800y';
  let staff: Awaited<ReturnType<typeof registerStaff>>;
  let standard: number;
  let usage: number;
  beforeAll(async () => {
    staff = await registerStaff(t.app, t.database, ['admin', 'editor']);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/database/standard/records', headers: staff.headers, payload: endpoints.adminStandardCreate.example.body });
    standard = parsed(created, AdminStandard).id;
    const createdUsage = await t.app.inject({ method: 'POST', url: '/api/admin/database/usage/records', headers: staff.headers, payload: endpoints.adminUsageCreate.example.body });
    usage = parsed(createdUsage, AdminUsage).id;
  });

  const writes = () =>
    [
      ['PUT', '/api/admin/settings/site', { ...endpoints.adminUpdateSiteSettings.example.body, company: LONE }, 'body.company'],
      ['PUT', '/api/admin/settings/site', { ...endpoints.adminUpdateSiteSettings.example.body, licences: ['a', LONE] }, 'body.licences.1'],
      ['PUT', '/api/admin/settings/legal/agreement', { ...endpoints.adminUpdateLegalText.example.body, html: `<p>${LONE}</p>` }, 'body.html'],
      ['POST', '/api/admin/database/standard/records', { ...endpoints.adminStandardCreate.example.body, name: LONE }, 'body.name'],
      ['PUT', `/api/admin/database/standard/records/${standard}`, { ...endpoints.adminStandardUpdate.example.body, name: LONE }, 'body.name'],
      ['POST', '/api/admin/database/usage/records', { ...endpoints.adminUsageCreate.example.body, ingredient: LONE }, 'body.ingredient'],
      ['PUT', `/api/admin/database/usage/records/${usage}`, { ...endpoints.adminUsageUpdate.example.body, ingredient: LONE }, 'body.ingredient'],
      ['PUT', '/api/admin/settings/site', { ...endpoints.adminUpdateSiteSettings.example.body, [`${LONE}`]: 1 }, `body.${LONE}`],
    ] as const;

  it('answer 400 naming the field on every staff write that stored them in a JSON column', async () => {
    for (const [method, url, payload, path] of writes()) {
      const body = await expectRefused({ method, url, headers: staff.headers, payload });
      expect(body.error.code, `${method} ${url}`).toBe('validation_failed');
      expect(body.error.details, `${method} ${url}`).toEqual([{ path, message: '不能包含无效的字符（不成对的 Unicode 代理项）' }]);
    }
  });

  it('answer 400 on a member\'s write and in the log-in form, and a whole pair (an emoji) is text', async () => {
    await expectRefused({ method: 'PUT', url: '/api/app/account/profile', headers: bearer(member.token), payload: { name: 'a\udc00' } });
    await expectRefused({ method: 'POST', url: '/api/app/account/login', payload: { account: LONE, password: 'x' } });
    const ok = await t.app.inject({ method: 'PUT', url: '/api/app/account/profile', headers: bearer(member.token), payload: { name: '张三🧪' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('dates', () => {
  it.each(['/api/app/registration?updatedFrom=2024-02-30', '/api/app/regulation?issuedTo=2024-13-45'])(
    'an impossible date answers 400: %s',
    async (url) => {
      const body = await expectRefused({ method: 'GET', url });
      expect(issueMessages(body)).toContain('不是有效的日期');
    },
  );

  it('a date in another format keeps its own message', async () => {
    const body = await expectRefused({ method: 'GET', url: '/api/app/registration?updatedFrom=2024-2-3' });
    expect(issueMessages(body)).toEqual(['日期格式应为 YYYY-MM-DD']);
  });

  it('a leap day is a date', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/registration?updatedFrom=2024-02-29' });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('numbers', () => {
  it('a sample id beyond the column answers 400', async () => {
    await expectRefused({
      method: 'GET',
      url: '/api/app/sample/confirmed-sample-list?ids=9999999999',
      headers: bearer(member.token),
    });
    const largest = await t.app.inject({
      method: 'GET',
      url: '/api/app/sample/confirmed-sample-list?ids=2147483647',
      headers: bearer(member.token),
    });
    expect(largest.statusCode, largest.body).toBe(200);
  });
});

describe('ids in a body', () => {
  it('a favorite of an id beyond the column answers 400', async () => {
    const body = await expectRefused({
      method: 'POST',
      url: '/api/app/favorite',
      headers: bearer(member.token),
      payload: { targetType: 'excipient', targetId: 2_147_483_648 },
    });
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([expect.objectContaining({ path: 'body.targetId' })]);
    // The largest id the column holds is an id: it names no product, so 404.
    await expectRefused(
      { method: 'POST', url: '/api/app/favorite', headers: bearer(member.token), payload: { targetType: 'excipient', targetId: 2_147_483_647 } },
      404,
    );
  });
});

describe('paths', () => {
  it.each(['/api/app/address/%', '/api/app/excipient/%E0%A4%A', '/api/app/news/1%FF', '/api/admin/application/%/approve'])(
    'a broken percent escape answers 400 in the error shape: %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': newIp() } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = parsed(response, ErrorResponse);
      expect(body.error).toMatchObject({ code: 'bad_request', message: '网址格式不正确' });
      expect(response.headers['x-request-id']).toBe(body.error.requestId);
    },
  );

  it('an id is written one way only: 0x1, 1e0, +1, 01, " 1" and the like name no row (400)', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/app/address', headers: bearer(member.token), payload: endpoints.addressCreate.example.body });
    expect(created.statusCode, created.body).toBe(201);
    const id = parsed(created, Address).id;
    const ok = await t.app.inject({ method: 'GET', url: `/api/app/address/${id}`, headers: bearer(member.token) });
    expect(ok.statusCode, ok.body).toBe(200);
    const spellings = [`0x${id.toString(16)}`, `${id}e0`, `+${id}`, `%2B${id}`, `0${id}`, `00${id}`, `%20${id}`, `${id}%20`, `${id}.0`, `${id}.`, `-0${id}`, `0b${id.toString(2)}`, `${id}n`];
    for (const spelling of spellings) {
      const body = await expectRefused({ method: 'GET', url: `/api/app/address/${spelling}`, headers: bearer(member.token) });
      expect(body.error.code, spelling).toBe('validation_failed');
      expect(body.error.details, spelling).toEqual([expect.objectContaining({ path: 'params.id' })]);
    }
    // Two ids in one path (a COA of an application item): each written one way only.
    const coa = await expectRefused({ method: 'GET', url: '/api/app/sample/application/1/coa/01', headers: bearer(member.token) });
    expect(coa.error.details).toEqual([expect.objectContaining({ path: 'params.itemId' })]);
  });

  it('a path parameter beyond the router\'s length answers 404 without repeating the whole path', async () => {
    const body = await expectRefused({ method: 'GET', url: `/api/app/excipient/${'9'.repeat(100_000)}` }, 404);
    expect(body.error.code).toBe('not_found');
    expect(body.error.message.length).toBeLessThan(300);
  });
});

describe('the avatar upload', () => {
  it('a truncated multipart body answers 400', async () => {
    await expectRefused({
      method: 'POST',
      url: '/api/app/account/avatar',
      headers: { ...bearer(member.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n',
    });
  });

  it('a multipart body without a boundary answers 400', async () => {
    await expectRefused({
      method: 'POST',
      url: '/api/app/account/avatar',
      headers: { ...bearer(member.token), 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
    });
  });
});

describe('tokens', () => {
  it('a correctly signed token whose session id is not a UUID answers 401', async () => {
    const token = await new SignJWT({ sid: 'not-a-uuid', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(member.user.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(jwtSecret);
    const body = await expectRefused({ method: 'GET', url: '/api/app/account/profile', headers: bearer(token) }, 401);
    expect(body.error.code).toBe('unauthorized');
  });

  it('a correctly signed token whose user id is beyond the column answers 401', async () => {
    const token = await new SignJWT({ sid: randomUUID(), ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('99999999999')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(jwtSecret);
    await expectRefused({ method: 'GET', url: '/api/app/account/profile', headers: bearer(token) }, 401);
  });
});

describe('requests the HTTP parser refuses', () => {
  /** A raw request to a listening server: app.inject() bypasses Node's HTTP parser. */
  function rawRequest(port: number, path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, type: response.headers['content-type'], body }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it.each([
    ['a 20 KB Authorization header', 431, '/api/app/account/profile', { authorization: `Bearer ${'a'.repeat(20_000)}` }],
    ['a 70 KB URL', 414, `/api/app/search?q=${'a'.repeat(70_000)}`, {}],
  ])('%s answers %i in the error shape', async (_name, status, path, headers) => {
    const response = await rawRequest(port, path, headers);
    expect(response.status).toBe(status);
    expect(response.type).toMatch(/^application\/json/);
    const body = ErrorResponse.parse(JSON.parse(response.body));
    expect(body.error.message).toMatch(/[\u4e00-\u9fff]/);
    expect(body.error.requestId).not.toBe('');
  });
});
