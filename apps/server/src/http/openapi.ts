import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoints, ErrorResponse, type ApiOperation, type EndpointSpec } from '@fuliaotong/contracts';
import { swaggerUiPolicy } from './security-headers.js';

type TransformArgs = Parameters<ReturnType<typeof createJsonSchemaTransform>>[0];

const mediaOf = { text: 'text/plain', binary: 'application/octet-stream' } as const;

function specOf(schema: TransformArgs['schema'] | undefined): EndpointSpec | undefined {
  const id = (schema as { operationId?: unknown } | undefined)?.operationId;
  return typeof id === 'string' && id in endpoints ? endpoints[id as ApiOperation] : undefined;
}

/**
 * The schemas the document is made of: every schema the endpoint table reaches (and the error shape),
 * each with its metadata (a component id, a description), in a registry of the document's own.
 *
 * Not zod's global registry: every copy of the contracts a process loads registers its schemas there,
 * and the web app's server bundle carries a copy of the schemas its forms check. Two schemas with one
 * id stop zod's conversion ("Duplicate schema id"), so the document would depend on what else the
 * process loaded. Here only the server's own schemas can have an id (docs/decisions/0038).
 */
export function documentRegistry(specs: readonly EndpointSpec[]): z.core.$ZodRegistry<z.core.GlobalMeta> {
  const reached = new Set<z.core.$ZodType>();
  const walk = (schema: z.core.$ZodType) => {
    for (const io of ['input', 'output'] as const) {
      // The conversion visits every schema inside this one once; no ids (an empty registry), so nothing can clash.
      z.toJSONSchema(schema, { io, metadata: z.registry(), unrepresentable: 'any', cycles: 'ref', override: (ctx) => void reached.add(ctx.zodSchema) });
    }
  };
  walk(ErrorResponse);
  for (const spec of specs) {
    for (const schema of [spec.params, spec.query, spec.body, ...Object.values(spec.responses)]) if (schema) walk(schema);
  }
  const registry = z.registry<z.core.GlobalMeta>();
  const ids = new Map<string, z.core.$ZodType>();
  for (const schema of reached) {
    const meta = z.globalRegistry.get(schema);
    if (!meta) continue;
    if (meta.id) {
      const other = ids.get(meta.id);
      if (other && other !== schema) throw new Error(`two schemas of the endpoint table have the id "${meta.id}"`);
      ids.set(meta.id, schema);
    }
    registry.add(schema, meta);
  }
  return registry;
}

/** The table's registry, made once per process when a document is first asked for (it takes a few hundred ms). */
let tableRegistry: z.core.$ZodRegistry<z.core.GlobalMeta> | undefined;
const theTableRegistry = () => (tableRegistry ??= documentRegistry(Object.values(endpoints)));

/**
 * Only the operations of the endpoint table are documented (not the catch-alls of unknown API paths
 * and pages); non-JSON answers and multipart uploads are described with their own media types.
 */
function transform(args: TransformArgs, jsonSchemaTransform: ReturnType<typeof createJsonSchemaTransform>) {
  const spec = specOf(args.schema);
  if (!spec) return { schema: { ...args.schema, hide: true }, url: args.url };
  const transformed = jsonSchemaTransform(args) as { schema: Record<string, unknown>; url: string };
  const schema = { ...transformed.schema };
  if (spec.responseFormat && spec.responseFormat !== 'json') {
    const response = { ...(schema.response as Record<string, unknown>) };
    for (const status of Object.keys(spec.responses)) {
      const media = spec.responseFormat === 'text' ? mediaOf.text : mediaOf.binary;
      const description = (response[status] as { description?: string } | undefined)?.description ?? '成功';
      response[status] = { description, content: { [media]: { schema: { type: 'string', ...(spec.responseFormat === 'binary' ? { format: 'binary' } : {}) } } } };
    }
    schema.response = response;
  }
  if (spec.bodyFormat === 'multipart') {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: '文件' } },
    };
  }
  return { schema, url: transformed.url };
}

type Json = Record<string, unknown>;

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`: zod writes a nullable reference (a body that may
 * be null or left out, `ApproveBody.nullish()`) as `{ nullable: true, allOf: [{ $ref }] }`. Each such
 * schema gets the type of the component it refers to.
 */
function typedNullables<T>(document: T): T {
  const components = ((document as Json).components as Json | undefined)?.schemas as Record<string, Json> | undefined;
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const schema = node as Json;
    if (schema.nullable === true && schema.type === undefined) {
      const parts = Array.isArray(schema.allOf) ? (schema.allOf as Json[]) : [];
      const ref = parts.length === 1 && typeof parts[0]!.$ref === 'string' ? parts[0]!.$ref : undefined;
      const type = ref ? components?.[ref.replace('#/components/schemas/', '')]?.type : undefined;
      if (type !== undefined) schema.type = type;
    }
    Object.values(schema).forEach(visit);
  };
  visit(document);
  return document;
}

/** The OpenAPI document, generated from the endpoint table; browsable at /api/docs, raw at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
  // Both conversions read the registry only when the document is made (on its first request).
  let transformRoute: ReturnType<typeof createJsonSchemaTransform> | undefined;
  let transformDocument: ReturnType<typeof createJsonSchemaTransformObject> | undefined;
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: '辅料通 API',
        description:
          '辅料通网站与微信小程序共用的公开 HTTP 接口。需要登录的接口使用 `Authorization: Bearer <token>`。' +
          '所有错误的响应体为 `{ error: { code, message, details?, requestId } }`。',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (args) => transform(args, (transformRoute ??= createJsonSchemaTransform({ schemaRegistry: theTableRegistry() }))),
    transformObject: (args) => typedNullables((transformDocument ??= createJsonSchemaTransformObject({ schemaRegistry: theTableRegistry() }))(args)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: swaggerUiPolicy });
}
