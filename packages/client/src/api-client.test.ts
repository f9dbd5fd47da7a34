import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiPath, createApiClient, fileNameOf, TIMESTAMP_PARAM, type FetchInit, type FetchLike } from './api-client.js';

interface Call {
  url: string;
  init: FetchInit;
}

function fakeFetch(status: number, body: string | null, contentType = 'application/json') {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType } });
  };
  return { fetch, calls };
}

describe('api client', () => {
  it('prefixes the API base and appends a timestamp to GET requests', async () => {
    const { fetch, calls } = fakeFetch(200, '{"ok":true}');
    const client = createApiClient({ baseUrl: 'https://api.example.cn', fetch, now: () => 1234 });
    await expect(client.request('GET', '/api/app/news', { query: { page: 2, keyword: '乳糖', empty: '' } })).resolves.toEqual({ ok: true });
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe('https://api.example.cn/api/app/news');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('keyword')).toBe('乳糖');
    expect(url.searchParams.has('empty')).toBe(false);
    expect(url.searchParams.get(TIMESTAMP_PARAM)).toBe('1234');
  });

  it('does not add the timestamp to other methods', async () => {
    const { fetch, calls } = fakeFetch(201, '{"id":1}');
    const client = createApiClient({ baseUrl: '', fetch });
    await client.request('POST', '/api/app/x', { json: { a: 1 } });
    expect(calls[0]!.url).toBe('/api/app/x');
  });

  it('sends the bearer token only when one exists', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    let token: string | undefined = undefined;
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => token });
    await client.request('GET', '/a');
    token = 'abc.def.ghi';
    await client.request('GET', '/a');
    expect(calls[0]!.init.headers.authorization).toBeUndefined();
    expect(calls[1]!.init.headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('encodes JSON and form bodies', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    const client = createApiClient({ baseUrl: '', fetch });
    await client.request('POST', '/json', { json: { name: '微晶纤维素' } });
    await client.request('POST', '/form', { form: { name: '微晶纤维素', n: 2 } });
    expect(calls[0]!.init.headers['content-type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"微晶纤维素"}');
    expect(calls[1]!.init.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(calls[1]!.init.body as string).get('name')).toBe('微晶纤维素');
  });

  it('resolves 200, 201 and 204 with the body', async () => {
    for (const [status, body, expected] of [
      [200, '{"a":1}', { a: 1 }],
      [201, '{"b":2}', { b: 2 }],
      [204, null, null],
    ] as const) {
      const { fetch } = fakeFetch(status, body);
      await expect(createApiClient({ baseUrl: '', fetch }).request('POST', '/x')).resolves.toEqual(expected);
    }
  });

  it('resolves a text/plain body as text', async () => {
    const { fetch } = fakeFetch(200, '7', 'text/plain; charset=utf-8');
    await expect(createApiClient({ baseUrl: '', fetch }).request('GET', '/count')).resolves.toBe('7');
  });

  it('rejects any other status with the response body, or null', async () => {
    const errorBody = { error: { code: 'conflict', message: '该账号已注册', requestId: 'r1' } };
    const { fetch } = fakeFetch(409, JSON.stringify(errorBody));
    const rejection = await createApiClient({ baseUrl: '', fetch }).request('POST', '/x').catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(ApiError);
    expect((rejection as ApiError).status).toBe(409);
    expect((rejection as ApiError).body).toEqual(errorBody);
    expect((rejection as ApiError).message).toBe('该账号已注册');
    expect((rejection as ApiError).code).toBe('conflict');

    const empty = fakeFetch(202, '');
    const second = await createApiClient({ baseUrl: '', fetch: empty.fetch }).request('GET', '/x').catch((e: unknown) => e);
    expect((second as ApiError).status).toBe(202);
    expect((second as ApiError).body).toBeNull();
  });

  it('calls the unauthorized handler on 401 and still rejects', async () => {
    const { fetch } = fakeFetch(401, '{"error":{"code":"unauthorized","message":"请先登录","requestId":"r"}}');
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: '', fetch, onUnauthorized });
    await expect(client.request('GET', '/api/app/account/profile')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.request('POST', '/api/app/account/login', { handleUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const other = fakeFetch(403, '{}');
    await createApiClient({ baseUrl: '', fetch: other.fetch, onUnauthorized }).request('GET', '/x').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the unauthorized handler for a 401 to a request sent with a token that is gone since', async () => {
    let token: string | undefined = 'old-token';
    let answer: (response: FetchLike extends (...args: never[]) => Promise<infer R> ? R : never) => void = () => undefined;
    const fetch: FetchLike = () => new Promise((resolve) => (answer = resolve));
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => token, onUnauthorized });
    const inFlight = client.request('GET', '/api/app/notice/count').catch((error: unknown) => error);
    token = undefined; // signed out, or the account deleted, while the request was on its way
    const unauthorized = '{"error":{"code":"unauthorized","message":"请先登录","requestId":"r"}}';
    const response = { status: 401, headers: { get: () => 'application/json' }, text: async () => unauthorized, blob: async () => new Blob([unauthorized]) };
    answer(response);
    expect(await inFlight).toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    token = 'new-token';
    const again = client.request('GET', '/api/app/notice/count').catch((error: unknown) => error);
    answer(response);
    expect(await again).toBeInstanceOf(ApiError);
    expect(onUnauthorized, 'a 401 to the current token still ends the session').toHaveBeenCalledTimes(1);
  });

  it('calls an operation of the endpoint table by its id: method, path and parameters from the contracts', async () => {
    const { fetch, calls } = fakeFetch(200, '{"id":3}');
    const client = createApiClient({ baseUrl: 'https://api.example.cn', fetch, now: () => 5 });
    await client.call('addressUpdate', {
      params: { id: 3 },
      body: { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301'], street: '文三路 90 号' },
    });
    expect(calls[0]!.url).toBe('https://api.example.cn/api/app/address/3');
    expect(calls[0]!.init.method).toBe('PUT');
    expect(JSON.parse(calls[0]!.init.body as string)).toMatchObject({ recipient: '王工' });

    await client.call('registrationSearch', { query: { keyword: '乳糖', page: 2 } });
    const url = new URL(calls[1]!.url);
    expect(`${calls[1]!.init.method} ${url.pathname}`).toBe('GET /api/app/registration');
    expect(url.searchParams.get('keyword')).toBe('乳糖');
    expect(url.searchParams.get(TIMESTAMP_PARAM)).toBe('5');

    await client.call('databaseRecord', { params: { code: 'usage', id: 9 } });
    expect(new URL(calls[2]!.url).pathname).toBe('/api/app/database/usage/records/9');
  });

  it('sends FormData bodies as multipart, without a JSON content type', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await createApiClient({ baseUrl: '', fetch }).call('accountUploadAvatar', { body: form });
    expect(calls[0]!.init.body).toBe(form);
    expect(calls[0]!.init.headers['content-type']).toBeUndefined();
  });

  it('runs on a platform without fetch or FormData, with a fetch-like function that answers a plain object', async () => {
    vi.stubGlobal('fetch', undefined);
    vi.stubGlobal('FormData', undefined);
    try {
      const calls: Call[] = [];
      const answer = (status: number, type: string, text: string) => ({
        status,
        headers: { get: (name: string) => ({ 'content-type': type })[name.toLowerCase()] ?? null },
        text: async () => text,
        blob: async () => new Blob([text], { type }),
      });
      const fetch: FetchLike = async (url, init) => {
        calls.push({ url, init });
        return url.includes('/document/') ? answer(200, 'application/pdf', '%PDF') : answer(200, 'application/json', '{"id":3}');
      };
      const client = createApiClient({ baseUrl: 'https://api.example.cn', fetch, getToken: () => 't', now: () => 1 });
      await expect(
        client.call('addressUpdate', {
          params: { id: 3 },
          body: { recipient: '王工', mobile: '13800138000', regionCodes: ['33', '3301'], street: '文三路 90 号' },
        }),
      ).resolves.toEqual({ id: 3 });
      expect(calls[0]).toMatchObject({ url: 'https://api.example.cn/api/app/address/3', init: { method: 'PUT', headers: { authorization: 'Bearer t' } } });
      await client.call('registrationSearch', { query: { keyword: '乳糖' } });
      expect(calls[1]!.url).toBe(`https://api.example.cn/api/app/registration?keyword=${encodeURIComponent('乳糖')}&${TIMESTAMP_PARAM}=1`);
      const file = await client.file('excipientDocument', { params: { id: 1, docId: 2 } });
      expect(await file.blob.text()).toBe('%PDF');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refuses to call a path with a missing parameter', () => {
    expect(() => apiPath('addressGet', {})).toThrow(/id/);
    expect(apiPath('accountAvatar', { name: 'a b.png' })).toBe('/api/app/account/avatar/a%20b.png');
  });

  it('fetches a file with the token in the Authorization header, never in the URL, and names it as the server did', async () => {
    const calls: Call[] = [];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, init });
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="_-SDS.pdf"; filename*=UTF-8''${encodeURIComponent('乳糖-SDS 安全技术说明书.pdf')}`,
        },
      });
    };
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => 'header.payload.sig', now: () => 7 });
    const file = await client.file('excipientDocument', { params: { id: 1, docId: 2 } });
    expect(file.name).toBe('乳糖-SDS 安全技术说明书.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe('/api/app/excipient/1/document/2');
    expect(calls[0]!.url).not.toContain('header.payload.sig');
    expect(calls[0]!.init.headers.authorization).toBe('Bearer header.payload.sig');
  });

  it('rejects a refused file with the API error (403: 申请获取), like any other call', async () => {
    const { fetch } = fakeFetch(403, '{"error":{"code":"forbidden","message":"该资料需申请获取，请联系我们的销售或技术支持","requestId":"r"}}');
    const error = await createApiClient({ baseUrl: '', fetch }).file('excipientDocument', { params: { id: 1, docId: 3 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', serverMessage: '该资料需申请获取，请联系我们的销售或技术支持' });
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''${encodeURIComponent('发票-1.pdf')}`)).toBe('发票-1.pdf');
    expect(fileNameOf('attachment; filename="plain name.xlsx"')).toBe('plain name.xlsx');
    expect(fileNameOf('attachment; filename=token.pdf')).toBe('token.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A; filename=\"fallback.pdf\"")).toBe('fallback.pdf');
    expect(fileNameOf('inline')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });
});
