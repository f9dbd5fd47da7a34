import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BuildIdParams, BuildInfo, BuildManifest, ErrorResponse, HealthResponse } from '@fuliaotong/contracts';
import type { DatabaseKind } from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { SystemService } from './system.service.js';

export interface SystemRoutesOptions {
  system: SystemService;
  dbKind: DatabaseKind;
}

export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { system, dbKind }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: '健康检查：数据库可用时返回 200',
        response: { 200: HealthResponse, 503: ErrorResponse },
      },
    },
    async () => {
      await system.checkDatabase();
      return { status: 'ok' as const, db: dbKind, build: system.build.id };
    },
  );

  app.get(
    '/api/build/latest',
    {
      schema: {
        tags: ['system'],
        summary: '当前部署的前端构建（客户端定期轮询以发现新版本）',
        response: { 200: BuildInfo },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return system.build;
    },
  );

  app.get(
    '/api/build/meta/:id',
    {
      schema: {
        tags: ['system'],
        summary: '某一前端构建的清单',
        params: BuildIdParams,
        response: { 200: BuildManifest, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      if (request.params.id !== system.build.id) throw new AppError('not_found', '该版本的清单不存在');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return { ...system.build, prerendered: [] };
    },
  );
};
