import { defineModule } from '../../kernel/module.js';
import { SearchLogRepository } from './search-log.repository.js';
import { SearchRepository } from './search.repository.js';
import { searchRoutes } from './search.routes.js';
import * as tables from './search.schema.js';
import { SEARCH_COUNT_CAP, SearchService, type SearchLogReads } from './search.service.js';

const DAY = 24 * 60 * 60 * 1000;
/** Searches stay in the search log this long (the dashboard looks at the last 30 days). */
const SEARCH_LOG_KEPT_MS = 90 * DAY;

declare module '../../kernel/module.js' {
  interface Services {
    searchLogReads: SearchLogReads;
  }
}

/** 全站搜索, and the log of what was searched. */
export const searchModule = defineModule({
  name: 'search',
  tables: [tables],
  provide: ({ db }) => ({ searchLogReads: new SearchLogRepository(db) }),
  routes: async (app, { db, services, now }) =>
    app.register(searchRoutes, { search: new SearchService(new SearchRepository(db, SEARCH_COUNT_CAP), services.registrationReads, new SearchLogRepository(db), now), guard: services.guard }),
  jobs: ({ db }) => [
    { name: 'search.prune', everyMs: DAY / 24, run: async () => void (await new SearchLogRepository(db).prune(new Date(Date.now() - SEARCH_LOG_KEPT_MS))) },
  ],
});
