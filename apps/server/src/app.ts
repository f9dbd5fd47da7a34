import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { BuildInfo } from '@fuliaotong/contracts';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { AppError, notFoundBody, registerErrorHandling } from './http/errors.js';
import { registerOpenApi } from './http/openapi.js';
import { SystemRepository } from './modules/system/system.repository.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { SystemService } from './modules/system/system.service.js';
import type { WebBuild } from './web/web-build.js';
import { webPlugin } from './web/web.plugin.js';

export interface AppDependencies {
  config: Pick<Config, 'LOG_LEVEL' | 'API_BASE' | 'NODE_ENV'>;
  database: Database;
  /** The web app's production build; without it only the API is served (API tests). */
  web?: WebBuild;
  /** Used when there is no web build. */
  build?: BuildInfo;
}

const developmentBuild: BuildInfo = { id: 'dev', timestamp: 0 };

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.config.LOG_LEVEL === 'silent'
        ? false
        : { level: deps.config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  await app.register(formbody);
  await registerOpenApi(app);

  const build = deps.web?.info ?? deps.build ?? developmentBuild;
  const system = new SystemService(new SystemRepository(deps.database.db), build);
  await app.register(systemRoutes, { system, dbKind: deps.database.kind });

  // Unknown API paths answer the JSON error shape, never an HTML page.
  app.all('/api/*', async (request) => {
    throw new AppError('not_found', notFoundBody(request).error.message);
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(notFoundBody(request));
  });

  if (deps.web) {
    await app.register(webPlugin, {
      build: deps.web,
      mode: deps.config.NODE_ENV === 'production' ? 'production' : 'development',
      loadContext: () => ({
        buildId: build.id,
        apiBase: deps.config.API_BASE,
        apiFetch: async (path, init) => {
          const response = await app.inject({
            method: (init?.method ?? 'GET') as 'GET',
            url: path,
            headers: init?.headers,
            payload: init?.body,
          });
          const empty = response.statusCode === 204 || response.statusCode === 304;
          return new Response(empty ? null : response.rawPayload, {
            status: response.statusCode,
            headers: response.headers as Record<string, string>,
          });
        },
      }),
    });
  }

  return app;
}
