import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema, onRequestAsyncHookHandler } from 'fastify';
import {
  endpoints,
  ErrorResponse,
  routeOf,
  type Access,
  type ApiOperation,
  type ApiResponse,
  type EndpointSpec,
  type ErrorStatus,
  type Endpoints,
  type ParsedRequest,
} from '@fuliaotong/contracts';
import type { AuthGuard } from '../modules/account/auth.guard.js';

/** The request a handler of an operation receives: params, query and body parsed by its schemas. */
export type EndpointRequest<K extends ApiOperation> = FastifyRequest<{
  Params: ParsedRequest<Endpoints[K]>['params'];
  Querystring: ParsedRequest<Endpoints[K]>['query'];
  Body: ParsedRequest<Endpoints[K]>['body'];
}>;

/** A handler answers the operation's success body, or sends it itself (status, headers) and answers the reply. */
export type EndpointHandler<K extends ApiOperation> = (
  request: EndpointRequest<K>,
  reply: FastifyReply,
) => Promise<ApiResponse<K> | FastifyReply>;

export interface RouteOptions {
  /**
   * The handler sees a failed validation in `request.validationError` and answers it itself (search
   * turns the query's own message into the answer's message).
   */
  attachValidation?: boolean;
}

/** Registers one operation of the endpoint table; everything but the handler comes from the table. */
export type RouteRegistrar = <K extends ApiOperation>(operation: K, handler: EndpointHandler<K>, options?: RouteOptions) => void;

/** What every module's routes get: the guard that enforces the table's access levels. */
export interface EndpointRoutesContext {
  guard: AuthGuard;
}

/**
 * A module's routes as a Fastify plugin: `register(route, options)` calls `route(operation, handler)`
 * once per operation of the module. Method, path, schemas, documentation and the access check come
 * from the endpoint table (packages/contracts/src/api), so they cannot drift from what clients see.
 */
export function endpointRoutes<Options extends object = object>(
  register: (route: RouteRegistrar, options: Options) => void,
): FastifyPluginAsync<Options & EndpointRoutesContext> {
  return async (app, options) => {
    const route: RouteRegistrar = (operation, handler, routeOptions = {}) => {
      const { method, path } = routeOf(operation);
      const spec: EndpointSpec = endpoints[operation];
      const onRequest = accessCheck(spec.access, options.guard);
      const definition = {
        method,
        url: path,
        schema: routeSchema(operation, spec),
        ...(onRequest ? { onRequest } : {}),
        attachValidation: routeOptions.attachValidation ?? false,
        handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      };
      if (!spec.raw) {
        app.route(definition);
        return;
      }
      // The handler reads the exact bytes that were sent (a signature is checked over them), whatever
      // their content type: in a scope of its own, every body is handed over as a Buffer, unparsed.
      void app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
        scope.route(definition);
      });
    };
    register(route, options);
  };
}

function accessCheck(access: Access, guard: AuthGuard): onRequestAsyncHookHandler | undefined {
  if (access === 'public') return undefined;
  if (access === 'optional') return guard.optionalUser;
  if (access === 'user') return guard.requireUser;
  return guard.requireStaff(access === 'staff' ? [] : access.staff);
}

/** The OpenAPI security requirement of an access level: none (`[]`, said outright) for a public operation. */
export function securityOf(access: Access): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  if (access === 'optional') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

/** Error statuses an endpoint may answer: those it declares and those its access level and schemas imply. */
export function errorStatusesOf(spec: EndpointSpec): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(spec.errors ?? []);
  if (spec.params || spec.query || spec.body || spec.bodyFormat) statuses.add(400);
  if (spec.params) statuses.add(404);
  if (spec.access === 'user' || spec.access === 'staff' || typeof spec.access === 'object') statuses.add(401);
  if (spec.access === 'staff' || typeof spec.access === 'object') statuses.add(403);
  return [...statuses].sort();
}

function routeSchema(operation: ApiOperation, spec: EndpointSpec): FastifySchema {
  const response: Record<number, unknown> = { ...spec.responses };
  for (const status of errorStatusesOf(spec)) response[status] = ErrorResponse;
  const security = securityOf(spec.access);
  return {
    operationId: operation,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    // A multipart body is read by the handler as a stream, a raw one as bytes: their schemas only document them.
    ...(spec.body && spec.bodyFormat !== 'multipart' && !spec.raw ? { body: spec.body } : {}),
    response,
  };
}

/** The operations registered on an app (by their operation id), to check that none is missing. */
export function registeredOperations(app: FastifyInstance): Set<string> {
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    const id = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof id === 'string') seen.add(id);
  });
  return seen;
}
