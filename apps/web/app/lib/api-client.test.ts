import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, TIMESTAMP_PARAM } from './api-client';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: string | null, contentType = 'application/json') {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

describe('api client', () => {
  it('prefixes the API base and appends a timestamp to GET requests', async () => {
    const { fetch, calls } = fakeFetch(200, '{"ok":true}');
    const client = createApiClient({ baseUrl: 'https://api.example.cn', fetch, now: () => 1234 });
    await expect(client.get('/api/app/news', { query: { page: 2, keyword: '乳糖', empty: '' } })).resolves.toEqual({ ok: true });
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
    await client.post('/api/app/x', { json: { a: 1 } });
    expect(calls[0]!.url).toBe('/api/app/x');
  });

  it('sends the bearer token only when one exists', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    let token: string | undefined = undefined;
    const client = createApiClient({ baseUrl: '', fetch, getToken: () => token });
    await client.get('/a');
    token = 'abc.def.ghi';
    await client.get('/a');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
    expect((calls[1]!.init.headers as Record<string, string>).authorization).toBe('Bearer abc.def.ghi');
  });

  it('encodes JSON and form bodies', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    const client = createApiClient({ baseUrl: '', fetch });
    await client.post('/json', { json: { name: '微晶纤维素' } });
    await client.post('/form', { form: { name: '微晶纤维素', n: 2 } });
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"name":"微晶纤维素"}');
    expect((calls[1]!.init.headers as Record<string, string>)['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(calls[1]!.init.body as string).get('name')).toBe('微晶纤维素');
  });

  it('resolves 200, 201 and 204 with the body', async () => {
    for (const [status, body, expected] of [
      [200, '{"a":1}', { a: 1 }],
      [201, '{"b":2}', { b: 2 }],
      [204, null, null],
    ] as const) {
      const { fetch } = fakeFetch(status, body);
      await expect(createApiClient({ baseUrl: '', fetch }).post('/x')).resolves.toEqual(expected);
    }
  });

  it('resolves a text/plain body as text', async () => {
    const { fetch } = fakeFetch(200, '7', 'text/plain; charset=utf-8');
    await expect(createApiClient({ baseUrl: '', fetch }).get('/count')).resolves.toBe('7');
  });

  it('rejects any other status with the response body, or null', async () => {
    const errorBody = { error: { code: 'conflict', message: '该账号已注册', requestId: 'r1' } };
    const { fetch } = fakeFetch(409, JSON.stringify(errorBody));
    const rejection = await createApiClient({ baseUrl: '', fetch }).post('/x').catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(ApiError);
    expect((rejection as ApiError).status).toBe(409);
    expect((rejection as ApiError).body).toEqual(errorBody);
    expect((rejection as ApiError).message).toBe('该账号已注册');
    expect((rejection as ApiError).code).toBe('conflict');

    const empty = fakeFetch(202, '');
    const second = await createApiClient({ baseUrl: '', fetch: empty.fetch }).get('/x').catch((e: unknown) => e);
    expect((second as ApiError).status).toBe(202);
    expect((second as ApiError).body).toBeNull();
  });

  it('calls the unauthorized handler on 401 and still rejects', async () => {
    const { fetch } = fakeFetch(401, '{"error":{"code":"unauthorized","message":"请先登录","requestId":"r"}}');
    const onUnauthorized = vi.fn();
    const client = createApiClient({ baseUrl: '', fetch, onUnauthorized });
    await expect(client.get('/api/app/account/profile')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(client.post('/api/app/account/login', { handleUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    const other = fakeFetch(403, '{}');
    await createApiClient({ baseUrl: '', fetch: other.fetch, onUnauthorized }).get('/x').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
