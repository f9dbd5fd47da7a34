import { SearchQuery } from '@fuliaotong/contracts';
import { endpointRoutes } from '../../http/endpoint-routes.js';
import { AppError } from '../../http/errors.js';
import type { SearchService } from './search.service.js';

/** Site-wide search. */
export const searchRoutes = endpointRoutes<{ search: SearchService }>((route, { search }) => {
  route(
    'search',
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
    // The query's own message ("请输入搜索关键词" …) becomes the answer's message.
    { attachValidation: true },
  );
});
