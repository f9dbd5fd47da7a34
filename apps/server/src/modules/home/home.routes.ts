import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HomeData } from '@fuliaotong/contracts';
import { viewerOf, type AuthGuard } from '../auth/auth.guard.js';
import type { HomeService } from './home.service.js';

export interface HomeRoutesOptions {
  home: HomeService;
  guard: AuthGuard;
}

export const homeRoutes: FastifyPluginAsyncZod<HomeRoutesOptions> = async (app, { home, guard }) => {
  app.get(
    '/api/app/home',
    {
      onRequest: guard.optionalUser,
      schema: {
        tags: ['home'],
        security: [{}, { bearer: [] }],
        summary: '首页数据：推荐产品（最多 8 个）、数据库（含调用者能否查看）、最新资讯与法规（各 6 条）、产品总数',
        response: { 200: HomeData },
      },
    },
    async (request) => home.home(viewerOf(request)),
  );
};
