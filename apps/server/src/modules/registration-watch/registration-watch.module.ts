import { defineModule } from '../../kernel/module.js';
import { RegistrationWatchRepository } from './registration-watch.repository.js';
import { ownRegistrationWatch, type RegistrationWatchRepositories } from './registration-watch.repositories.js';
import { registrationWatchRoutes } from './registration-watch.routes.js';
import * as tables from './registration-watch.schema.js';
import { RegistrationWatchService } from './registration-watch.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    registrationWatches: RegistrationWatchService;
  }
}

/** 关注: registration records and product names a user follows, and the notices when they change. */
export const registrationWatchModule = defineModule({
  name: 'registration-watch',
  tables: [tables],
  repositories: (db): RegistrationWatchRepositories => ({ registrationWatches: new RegistrationWatchRepository(db) }),
  provide: ({ db, transactor, services }) => ({
    registrationWatches: new RegistrationWatchService(new RegistrationWatchRepository(db), services.registrationReads, services.notices, transactor, services.users),
  }),
  routes: async (app, { services }) => app.register(registrationWatchRoutes, { watches: services.registrationWatches, guard: services.guard }),
  accountDeletion: () => ({
    anonymise: async (user, within) =>
      void (await ownRegistrationWatch(within).registrationWatches.deleteAllOf(user.id)),
  }),
});
