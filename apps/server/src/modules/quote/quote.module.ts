import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { QuoteRepository } from './quote.repository.js';
import type { QuoteRepositories } from './quote.repositories.js';
import { quoteRoutes } from './quote.routes.js';
import * as tables from './quote.schema.js';
import { QuoteService } from './quote.service.js';
import type { ProductAudience } from '../change-notice/change-notice.audience.js';

const HOUR = 60 * 60 * 1000;

declare module '../../kernel/module.js' {
  interface Services {
    quotes: QuoteService;
    /** Who asked for a price of a product (for change notices). */
    quoteAudience: ProductAudience;
  }
}

/** 询价与报价: price requests, the sales staff's quotes and their revisions, the thread between them. */
export const quoteModule = defineModule({
  name: 'quote',
  tables: [tables],
  repositories: (db): QuoteRepositories => ({ quotes: new QuoteRepository(db) }),
  provide: ({ transactor, services, config, now }) => {
    const own: Transactor<QuoteRepositories> = transactor;
    return {
      quoteAudience: { tiesTo: (excipientId: number) => own.on().quotes.tiesTo(excipientId) },
      quotes: new QuoteService({
        quotes: own.on().quotes,
        transactor: own,
        users: services.users,
        notices: services.notices,
        staffAlerts: services.staffAlerts,
        messages: services.messages,
        site: services.site,
        siteUrl: config.SITE_URL,
        accepted: services.salesOrders,
        now,
      }),
    };
  },
  routes: async (app, { services }) => app.register(quoteRoutes, { quotes: services.quotes, guard: services.guard }),
  jobs: ({ services }) => [
    // A quote whose last valid day has passed (Beijing time) can no longer be accepted: the request expires.
    { name: 'quote.expire', everyMs: HOUR, run: async () => void (await services.quotes.expire()) },
    // The buyer's side hears once, a few days before, that the quote runs out.
    { name: 'quote.remind', everyMs: HOUR, run: async () => void (await services.quotes.remind()) },
  ],
  accountDeletion: ({ services }) => ({
    blocker: (userId, within) => services.quotes.deletionBlocker(userId, within),
    anonymise: (user, within) => services.quotes.anonymise(user.id, within),
  }),
});
