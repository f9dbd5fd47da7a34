import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponse,
  IdParams,
  NewsDetail,
  NewsPage,
  NewsQuery,
  RegulationDetail,
  RegulationPage,
  RegulationQuery,
} from '@fuliaotong/contracts';
import { viewerOf, type AuthGuard } from '../auth/auth.guard.js';
import type { ArticleService } from './article.service.js';

export interface ArticleRoutesOptions {
  articles: ArticleService;
  guard: AuthGuard;
}

/** Public, personalised (the caller's favorite) when a bearer token comes along. */
const security: Array<Record<string, string[]>> = [{}, { bearer: [] }];

export const articleRoutes: FastifyPluginAsyncZod<ArticleRoutesOptions> = async (app, { articles, guard }) => {
  app.get(
    '/api/app/regulation',
    {
      schema: {
        tags: ['regulation'],
        summary: '法规列表（关键词、类别、状态、发布日期；新的在前）',
        querystring: RegulationQuery,
        response: { 200: RegulationPage, 400: ErrorResponse },
      },
    },
    async (request) => articles.regulations(request.query),
  );

  app.get(
    '/api/app/regulation/:id',
    {
      onRequest: guard.optionalUser,
      schema: {
        tags: ['regulation'],
        security,
        summary: '法规全文',
        params: IdParams,
        response: { 200: RegulationDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => articles.regulation(request.params.id, viewerOf(request)),
  );

  app.get(
    '/api/app/news',
    {
      schema: {
        tags: ['news'],
        summary: '资讯列表（关键词、栏目；新的在前）',
        querystring: NewsQuery,
        response: { 200: NewsPage, 400: ErrorResponse },
      },
    },
    async (request) => articles.news(request.query),
  );

  app.get(
    '/api/app/news/:id',
    {
      onRequest: guard.optionalUser,
      schema: {
        tags: ['news'],
        security,
        summary: '资讯全文',
        params: IdParams,
        response: { 200: NewsDetail, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => articles.newsItem(request.params.id, viewerOf(request)),
  );
};
