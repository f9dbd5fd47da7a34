import { defineModule } from '../../kernel/module.js';
import { applicationAdminRoutes } from './application-admin.routes.js';
import { companySampleUse, SampleApplicationRepository } from './sample-application.repository.js';
import type { ApplicationReads, SampleApplicationRepositories } from './sample-application.repositories.js';
import { sampleApplicationRoutes } from './sample-application.routes.js';
import * as tables from './sample-application.schema.js';
import { SampleApplicationService } from './sample-application.service.js';
import { sampleLimitsRoutes } from './sample-limits.routes.js';
import { SampleLimitsService } from './sample-limits.service.js';
import type { ProductAudience } from '../change-notice/change-notice.audience.js';

declare module '../../kernel/module.js' {
  interface Services {
    applications: SampleApplicationService;
    applicationReads: ApplicationReads;
    /** Who applied for a sample of a product (for change notices). */
    sampleAudience: ProductAudience;
    /** The sample limits the staff change at run time (样品限额; the sample cart reads them too). */
    sampleLimits: SampleLimitsService;
  }
}

/** 样品申请: applications for samples, the reviewers' desk, and the sample limits. */
export const sampleApplicationModule = defineModule({
  name: 'sample-application',
  tables: [tables],
  repositories: (db): SampleApplicationRepositories => ({ applications: new SampleApplicationRepository(db) }),
  // What a company's applications use of its yearly allowance is read with the company (the company module's query).
  ports: { companySampleUse },
  provide: ({ db, transactor, services, config }) => {
    const sampleLimits = new SampleLimitsService(services.settings, transactor);
    return {
      sampleLimits,
      applications: new SampleApplicationService({
        applications: new SampleApplicationRepository(db),
        users: services.users,
        transactor,
        files: services.files,
        cart: services.cart,
        limits: sampleLimits,
        dictionary: services.dictionary,
        addresses: services.addresses,
        notices: services.notices,
        messages: services.messages,
        siteUrl: config.SITE_URL,
        staffAlerts: services.staffAlerts,
        companies: services.companies,
        batches: services.batches,
      }),
      applicationReads: new SampleApplicationRepository(db),
      sampleAudience: { tiesTo: (excipientId: number) => new SampleApplicationRepository(db).tiesTo(excipientId) },
    };
  },
  routes: async (app, { services }) => {
    await app.register(sampleApplicationRoutes, { applications: services.applications, guard: services.guard });
    await app.register(applicationAdminRoutes, { applications: services.applications, guard: services.guard });
    await app.register(sampleLimitsRoutes, { sampleLimits: services.sampleLimits, guard: services.guard });
  },
  accountDeletion: ({ services }) => ({
    blocker: (userId, within) => services.applications.deletionBlocker(userId, within),
    anonymise: (user, within) => services.applications.anonymiseApplicant(user.id, within),
  }),
});
