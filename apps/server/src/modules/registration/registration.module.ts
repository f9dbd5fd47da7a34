import { defineModule } from '../../kernel/module.js';
import { RegistrationRepository } from './registration.repository.js';
import type { RegistrationReads } from './registration.repositories.js';
import { registrationRoutes } from './registration.routes.js';
import * as tables from './registration.schema.js';
import { RegistrationService } from './registration.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    registrationReads: RegistrationReads;
  }
}

/** 登记信息: CDE registration records of excipients. */
export const registrationModule = defineModule({
  name: 'registration',
  tables: [tables],
  provide: ({ db }) => ({ registrationReads: new RegistrationRepository(db) }),
  routes: async (app, { db, services }) => {
    const registrations = new RegistrationService(new RegistrationRepository(db), services.favorites, services.excipientReads, services.registrationWatches);
    await app.register(registrationRoutes, { registrations, guard: services.guard });
  },
});
