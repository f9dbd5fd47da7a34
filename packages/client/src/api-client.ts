import type { ApiOperation, ApiRequest, ApiResponse, Endpoints, ErrorCode, ValidationIssue } from '@fuliaotong/contracts';
import { routeOf, TIMESTAMP_PARAM } from '@fuliaotong/contracts/api-paths';
import { errorCodes } from '@fuliaotong/contracts/constants';

/**
 * The one API client of the API's front ends (the web app, and a WeChat mini-program with a `fetch`
 * of its own): every call goes to the configured API base, carries `Authorization: Bearer` when a token
 * exists, and GET requests carry a timestamp parameter so that no cache in between answers a stale
 * copy. It uses nothing of a browser or of Node beyond the `fetch` it is given, `URLSearchParams`,
 * and `FormData` for the uploads that send one (docs/decisions/0051).
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

/**
 * A non-success answer. The body (the API's error shape) is parsed once, here: callers branch on
 * `code` (the contract's stable error code), show `message` and place `details` under form fields;
 * `status` is the HTTP status, for what has no body (a proxy's 502, say). A body without the
 * error shape gets a code from its status.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: readonly ValidationIssue[];
  /** The API's Chinese message for people, when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const error = errorOf(body);
    super(error.message ?? `请求失败（${status}）`);
    this.name = 'ApiError';
    this.code = error.code ?? codeOfStatus(status);
    this.details = error.details;
    this.serverMessage = error.message;
  }
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

function errorOf(body: unknown): { code?: ErrorCode; message?: string; details: ValidationIssue[] } {
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' && knownCodes.has(error.code) ? (error.code as ErrorCode) : undefined;
  const message = typeof error?.message === 'string' && error.message ? error.message : undefined;
  const details = Array.isArray(error?.details)
    ? error.details.filter(
        (d): d is ValidationIssue =>
          typeof (d as ValidationIssue)?.path === 'string' && typeof (d as ValidationIssue)?.message === 'string',
      )
    : [];
  return { code, message, details };
}

function codeOfStatus(status: number): ErrorCode {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  if (status === 503) return 'service_unavailable';
  return 'internal_error';
}

/**
 * What the client needs of `fetch`: the browser's and Node's `fetch` are such functions, and so is
 * one over `wx.request` that answers an object of this shape. Like `fetch`, it rejects with a
 * TypeError when the network fails (errorMessage then asks people to check their network).
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponse>;

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
}

/** The part of a `Response` the client reads; `blob()` only for the operations that answer a file. */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  blob(): Promise<Blob>;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken?: () => string | undefined;
  /**
   * Called on 401 (the web app ends the session and sends the user to /login), unless the request went
   * with a token that is no longer the current one: a request in flight while the user signed out or
   * deleted the account must not end the session that follows.
   */
  onUnauthorized?: (error: ApiError) => void;
  /** Default: the platform's `fetch`. */
  fetch?: FetchLike;
  now?: () => number;
}

const successStatuses = new Set([200, 201, 204]);
export { TIMESTAMP_PARAM };

export function createApiClient(options: ApiClientOptions) {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
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

  /** Sends a request; answers the response of a success, throws the ApiError of anything else. */
  async function send(method: string, path: string, init: RequestOptions): Promise<FetchResponse> {
    const headers: Record<string, string> = { accept: 'application/json, text/plain;q=0.9', ...init.headers };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(Object.entries(init.form).map(([k, v]): [string, string] => [k, String(v)])).toString();
    } else if (init.formData) {
      body = init.formData;
    }
    const response = await doFetch(urlOf(method, path, init.query), { method, headers, body, signal: init.signal });
    if (successStatuses.has(response.status)) return response;
    const error = new ApiError(response.status, await readBody(response));
    const sessionUnchanged = options.getToken?.() === token;
    if (error.code === 'unauthorized' && init.handleUnauthorized !== false && sessionUnchanged) options.onUnauthorized?.(error);
    throw error;
  }

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    return (await readBody(await send(method, path, init))) as T;
  }

  /**
   * Calls one operation of the API's endpoint table: its method and path come from the contracts'
   * schema-free path map, the request and the answer are typed from the table. Operations that answer
   * a file are fetched with `file` instead.
   */
  function call<K extends DataOperation>(operation: K, ...[input, init]: CallArguments<K>): Promise<ApiResponse<K>> {
    const { method, path, init: requestInit } = prepare(operation, input, init);
    return request<ApiResponse<K>>(method, path, requestInit);
  }

  /**
   * Fetches a file an operation answers (an invoice, a COA, an export) like any other call — with the
   * session's token in the Authorization header, never in the URL — and answers its bytes with the
   * name the server gave it in Content-Disposition.
   */
  async function file<K extends FileOperation>(operation: K, ...[input, init]: CallArguments<K>): Promise<ApiFile> {
    const { method, path, init: requestInit } = prepare(operation, input, init);
    const response = await send(method, path, { ...requestInit, headers: { ...requestInit.headers, accept: '*/*' } });
    return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
  }

  function prepare(operation: ApiOperation, input: unknown, init: CallOptions | undefined): { method: string; path: string; init: RequestOptions } {
    const { method } = routeOf(operation);
    const parts = (input ?? {}) as { params?: Record<string, unknown>; query?: Query; body?: unknown };
    const body = isFormData(parts.body) ? { formData: parts.body } : parts.body === undefined ? {} : { json: parts.body };
    return { method, path: apiPath(operation, parts.params), init: { ...init, ...body, query: parts.query } };
  }

  return { call, file, request };
}

/** An upload's body (never one where the platform has no `FormData`). */
function isFormData(body: unknown): body is FormData {
  return typeof FormData !== 'undefined' && body instanceof FormData;
}

/** Operations whose success answer is a file (`responseFormat: 'binary'` in the endpoint table). */
export type FileOperation = {
  [K in ApiOperation]: Endpoints[K] extends { responseFormat: 'binary' } ? K : never;
}[ApiOperation];
/** Operations that answer JSON or text. */
export type DataOperation = Exclude<ApiOperation, FileOperation>;

/** A file the API answered: its bytes and, when the server named it, its name. */
export interface ApiFile {
  blob: Blob;
  name: string | undefined;
}

/**
 * The file name of a Content-Disposition header: the UTF-8 `filename*` (RFC 8187) the server sends
 * for Chinese names, else the plain `filename`.
 */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // a broken encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}

/** Options of one call besides its request: headers, an abort signal, what a 401 does. */
export type CallOptions = Omit<RequestOptions, 'query' | 'json' | 'form' | 'formData'>;

/** The request may be left out when the operation takes none. */
type CallArguments<K extends ApiOperation> =
  object extends ApiRequest<K>
    ? [input?: ApiRequest<K>, init?: CallOptions]
    : [input: ApiRequest<K>, init?: CallOptions];

/** The path of an operation with its parameters filled in (`/api/app/address/3`). */
export function apiPath(operation: ApiOperation, params: Record<string, unknown> = {}): string {
  return routeOf(operation).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      throw new Error(`${operation}: 缺少路径参数 ${name}`);
    }
    return encodeURIComponent(value);
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

async function readBody(response: FetchResponse): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text().catch(() => '');
  if (!text) return null;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }
  return text;
}
