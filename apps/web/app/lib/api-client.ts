/**
 * The one API client of the web app (and the model for the mini-program's): every call goes to the
 * configured API base, carries `Authorization: Bearer` when a token exists, and GET requests carry a
 * timestamp parameter so that no cache in between answers a stale copy.
 */
export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | number | boolean>;
  /** Sent as multipart/form-data (uploads). */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false for calls whose 401 is an answer rather than a lost session (logging in with a wrong
   * password): the unauthorized handler is not called. Default true.
   */
  handleUnauthorized?: boolean;
}

/** A non-success answer: `body` is the response body (the API's error shape), or null. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(messageOf(body) ?? `请求失败（${status}）`);
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return (this.body as { error?: { code?: string } } | null)?.error?.code;
  }
}

function messageOf(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? message : undefined;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken?: () => string | undefined;
  /** Called on 401; the web app sends the user to /login. */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: typeof fetch;
  now?: () => number;
}

const successStatuses = new Set([200, 201, 204]);
export const TIMESTAMP_PARAM = '_t';

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  function urlOf(method: string, path: string, query?: Query): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
    if (method === 'GET') params.set(TIMESTAMP_PARAM, String(now()));
    const search = params.toString();
    return `${options.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9', ...init.headers };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(Object.entries(init.form).map(([k, v]) => [k, String(v)])).toString();
    } else if (init.formData) {
      body = init.formData;
    }
    const response = await doFetch(urlOf(method, path, init.query), { method, headers, body, signal: init.signal });
    const payload = await readBody(response);
    if (successStatuses.has(response.status)) return payload as T;
    const error = new ApiError(response.status, payload);
    if (response.status === 401 && init.handleUnauthorized !== false) options.onUnauthorized?.(error);
    throw error;
  }

  return {
    request,
    get: <T>(path: string, init?: RequestOptions) => request<T>('GET', path, init),
    post: <T>(path: string, init?: RequestOptions) => request<T>('POST', path, init),
    put: <T>(path: string, init?: RequestOptions) => request<T>('PUT', path, init),
    delete: <T>(path: string, init?: RequestOptions) => request<T>('DELETE', path, init),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text().catch(() => '');
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  return text;
}
