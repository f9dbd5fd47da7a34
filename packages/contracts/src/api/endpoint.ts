import type { z } from 'zod';
import type { ApiOperation } from './api-paths.js';

/**
 * Who may call an endpoint:
 * - `public`: anyone; a token, if any, is not read;
 * - `optional`: anyone; a valid token personalises the answer (favorites, gated fields), an invalid one is ignored;
 * - `user`: a signed-in user (401 without a valid token);
 * - `staff`: a member of the staff (401 without a token, 403 for everyone else);
 *   `{ staff: [roles] }` narrows it to staff holding one of those roles.
 */
export type Access = 'public' | 'optional' | 'user' | 'staff' | { readonly staff: readonly string[] };

/**
 * The access of a desk's reads (every GET under /api/admin): staff holding the desk's role, and
 * administrators, who read every desk. Its writes stay `{ staff: [role] }` (docs/decisions/0046).
 */
export function deskReads<const R extends string>(role: R) {
  return { staff: [role, 'admin'] } as const;
}

/** Statuses an endpoint answers with a body of its own (success statuses). */
export type SuccessStatus = 200 | 201 | 204;
/** Error statuses an endpoint may answer; each is the one error shape. 401/403 follow from `access`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** How the request body is sent. JSON unless said otherwise. */
export type BodyFormat = 'json' | 'multipart';
/**
 * How the success body is sent: `json` (validated against its schema), `text` (text/plain) or `binary`
 * (a file: an image or a download).
 */
export type ResponseFormat = 'json' | 'text' | 'binary';

/** One endpoint of the API: everything but its method and path (in `apiPaths`), declared once. */
export interface EndpointSpec {
  access: Access;
  /** The group it is listed under in the API documentation (Chinese). */
  tag: string;
  /** One line, Chinese: what it does. */
  summary: string;
  /** More detail (Chinese), when the summary is not enough. */
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyFormat?: BodyFormat;
  /** Success statuses and their bodies (`z.null()` for 204). */
  responses: Partial<Record<SuccessStatus, z.ZodType>>;
  responseFormat?: ResponseFormat;
  /** Error statuses besides those that follow from the access level and the request schemas. */
  errors?: readonly ErrorStatus[];
  /**
   * The path names rows of one kind: `owner: true` when the rows belong to a user and everyone else
   * gets 404, exactly as for rows that do not exist (the authorization matrix test relies on it).
   */
  rows?: { readonly kind: string; readonly owner: boolean };
  /** A request that succeeds (for the documentation, and the authorization matrix test). */
  example?: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  /**
   * A request without a token (nor a cookie) gets the same answer as every other such request to the
   * same address until the public content changes (a staff edit, an import): servers keep the JSON of
   * its 200s and answer it again with an ETag (docs/decisions/0035). Only for reads that record
   * nothing about the caller (site search logs every query, so it is not one).
   */
  shared?: true;
  /**
   * The handler reads the raw request bytes (payment notifications verify signatures over them) and
   * answers in a foreign format: the error-shape rule does not apply to it.
   */
  raw?: boolean;
}

/** Every operation's spec, keyed like `apiPaths`: the type makes sure none is missing or extra. */
export type EndpointSpecs = { readonly [K in ApiOperation]: EndpointSpec };

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

/** The parsed path parameters, query, body of a request to an endpoint (what a handler reads). */
export interface ParsedRequest<E extends EndpointSpec> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
}

/** Keys of T whose value may be undefined become optional. */
type OptionalUndefined<T> = { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/** What a client sends to an endpoint: only the parts it has, optional where the schema allows. */
export type EndpointRequest<E extends EndpointSpec> = OptionalUndefined<{
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: E['bodyFormat'] extends 'multipart' ? FormData : Input<E['body']>;
}>;

/** The body of any success answer of an endpoint. */
export type EndpointResponse<E extends EndpointSpec> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never;
}[keyof E['responses']];
