import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse, Favorite, FavoriteBody, FavoritePage, FavoriteQuery, IdParams, MAX_FAVORITES } from '@fuliaotong/contracts';
import { principalOf, type AuthGuard } from '../auth/auth.guard.js';
import type { FavoriteService } from './favorite.service.js';

export interface FavoriteRoutesOptions {
  favorites: FavoriteService;
  guard: AuthGuard;
}

const secured = { tags: ['favorite'], security: [{ bearer: [] }] };
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

export const favoriteRoutes: FastifyPluginAsyncZod<FavoriteRoutesOptions> = async (app, { favorites, guard }) => {
  app.addHook('onRequest', guard.requireUser);

  app.get(
    '/api/app/favorite',
    {
      schema: {
        ...secured,
        summary: '我的收藏（新的在前，可按类型筛选，附各类型数量）',
        querystring: FavoriteQuery,
        response: { 200: FavoritePage, ...errors },
      },
    },
    async (request) => favorites.list(principalOf(request).user.id, request.query),
  );

  app.post(
    '/api/app/favorite',
    {
      schema: {
        ...secured,
        summary: `收藏（已收藏时返回 200 和原有收藏；最多 ${MAX_FAVORITES} 条）`,
        body: FavoriteBody,
        response: { 200: Favorite, 201: Favorite, ...errors, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { favorite, created } = await favorites.add(principalOf(request).user.id, request.body);
      return reply.code(created ? 201 : 200).send(favorite);
    },
  );

  app.delete(
    '/api/app/favorite/:id',
    { schema: { ...secured, summary: '取消收藏', params: IdParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await favorites.remove(principalOf(request).user.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
