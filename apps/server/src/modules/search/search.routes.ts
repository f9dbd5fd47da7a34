import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, SEARCH_MAX_LENGTH, SearchQuery, SearchResult } from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { SearchService } from './search.service.js';

export interface SearchRoutesOptions {
  search: SearchService;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { search }) => {
  app.get(
    '/api/app/search',
    {
      // The query's own message ("请输入搜索关键词" …) becomes the answer's message.
      attachValidation: true,
      schema: {
        tags: ['search'],
        summary:
          `全站搜索：辅料产品、登记信息、法规、资讯（关键词 1–${SEARCH_MAX_LENGTH} 字）。各类型的数量最多数到 countCap；` +
          'type=all 时每类返回前 5 条（不分页），totalCount 为各类数量之和；高亮为标题与摘要中关键词出现的 [起, 止) 位置',
        querystring: SearchQuery,
        response: { 200: SearchResult, 400: ErrorResponse },
      },
    },
    async (request) => {
      if (request.validationError) {
        const parsed = SearchQuery.safeParse(request.query);
        const issues = parsed.success ? [] : parsed.error.issues;
        throw new AppError(
          'validation_failed',
          issues[0]?.message ?? '搜索条件不正确',
          issues.map((issue) => ({ path: ['querystring', ...issue.path.map(String)].join('.'), message: issue.message })),
        );
      }
      return search.query(request.query);
    },
  );
};
