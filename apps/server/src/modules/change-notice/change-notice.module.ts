import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { ChangeNoticeRepository } from './change-notice.repository.js';
import type { ChangeNoticeRepositories } from './change-notice.repositories.js';
import { changeNoticeRoutes } from './change-notice.routes.js';
import * as tables from './change-notice.schema.js';
import { ChangeNoticeService } from './change-notice.service.js';

const HOUR = 60 * 60 * 1000;

declare module '../../kernel/module.js' {
  interface Services {
    changeNotices: ChangeNoticeService;
  }
}

/** 变更通知: change notices on a product to the companies tied to it, their acknowledgements, the reminder, the quality desk. */
export const changeNoticeModule = defineModule({
  name: 'change-notice',
  tables: [tables],
  repositories: (db): ChangeNoticeRepositories => ({ changeNotices: new ChangeNoticeRepository(db) }),
  provide: ({ transactor, services, config, now }) => {
    const own: Transactor<ChangeNoticeRepositories> = transactor;
    return {
      changeNotices: new ChangeNoticeService({
        changeNotices: own.on().changeNotices,
        transactor: own,
        // The ports, implemented by the modules that hold the ties (docs/decisions/0072-change-notices.md).
        audiences: [services.sampleAudience, services.quoteAudience, services.salesOrderAudience, services.favoriteAudience, services.documentHolders],
        companies: services.companies,
        users: services.users,
        notices: services.notices,
        messages: services.messages,
        files: services.files,
        siteUrl: config.SITE_URL,
        now,
      }),
    };
  },
  routes: async (app, { services }) => app.register(changeNoticeRoutes, { changeNotices: services.changeNotices, guard: services.guard }),
  // One reminder to those who have not acknowledged a notice the set number of days after it was published.
  jobs: ({ services }) => [{ name: 'change-notices.remind', everyMs: HOUR, run: async () => void (await services.changeNotices.remindDue()) }],
});
