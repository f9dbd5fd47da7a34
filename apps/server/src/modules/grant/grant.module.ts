import { defineModule } from '../../kernel/module.js';
import { eraseGrantHolder, seatsGivenBlocker } from './grant-deletion.js';
import { GrantRepository, heldAccessColumn, holdsPaidAccess } from './grant.repository.js';
import type { GrantReads, GrantRepositories } from './grant.repositories.js';
import { grantRoutes } from './grant.routes.js';
import * as tables from './grant.schema.js';
import { GrantService } from './grant.service.js';

const HOUR = 60 * 60 * 1000;

declare module '../../kernel/module.js' {
  interface Services {
    grants: GrantService;
    grantReads: GrantReads;
  }
}

/** 权益: memberships and database subscriptions held, and the seats of company memberships. */
export const grantModule = defineModule({
  name: 'grant',
  tables: [tables],
  repositories: (db): GrantRepositories => ({ grants: new GrantRepository(db) }),
  // What a user holds is read with the session, in one query (the account module's).
  ports: { heldAccess: heldAccessColumn, holdsPaidAccess },
  provide: ({ db, transactor, services, config, now }) => ({
    grants: new GrantService(new GrantRepository(db), now, {
      transactor,
      notices: services.notices,
      messages: services.messages,
      users: services.users,
      companies: services.companies,
      siteUrl: config.SITE_URL,
    }),
    grantReads: new GrantRepository(db),
  }),
  routes: async (app, { services }) => app.register(grantRoutes, { grants: services.grants, guard: services.guard }),
  // Holders of memberships and subscriptions hear 30, 7 and 1 days before they end.
  jobs: ({ services }) => [{ name: 'grants.remind', everyMs: HOUR, run: async () => void (await services.grants.remindExpiring()) }],
  accountDeletion: () => ({ blocker: seatsGivenBlocker, anonymise: eraseGrantHolder }),
});
