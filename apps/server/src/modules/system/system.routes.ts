import type { DatabaseKind } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { AppError } from '../../http/errors.js';
import type { SystemService } from './system.service.js';

/** Health and the deployed web build. */
export const systemRoutes = endpointRoutes<{ system: SystemService; dbKind: DatabaseKind }>((route, { system, dbKind }) => {
  route('health', async () => {
    await system.checkDatabase();
    return { status: 'ok' as const, db: dbKind, build: system.build.id };
  });

  route('ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return system.ready();
  });

  route('buildLatest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return system.build;
  });

  route('buildManifest', async (request, reply) => {
    if (request.params.id !== system.build.id) throw new AppError('not_found', '该版本的清单不存在');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return { ...system.build, prerendered: [] };
  });
});
