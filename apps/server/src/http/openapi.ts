import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { endpoints, type ApiOperation, type EndpointSpec } from '@fuliaotong/contracts';
import { swaggerUiPolicy } from './security-headers.js';

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

const mediaOf = { text: 'text/plain', binary: 'application/octet-stream' } as const;

function specOf(schema: TransformArgs['schema'] | undefined): EndpointSpec | undefined {
  const id = (schema as { operationId?: unknown } | undefined)?.operationId;
  return typeof id === 'string' && id in endpoints ? endpoints[id as ApiOperation] : undefined;
}

/**
 * Only the operations of the endpoint table are documented (not the catch-alls of unknown API paths
 * and pages); non-JSON answers and multipart uploads are described with their own media types.
 */
function transform(args: TransformArgs) {
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

/** The OpenAPI document, generated from the endpoint table; browsable at /api/docs, raw at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance) {
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
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: swaggerUiPolicy });
}
