import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { CompanyRepository } from './company.repository.js';
import type { CompanyRepositories } from './company.repositories.js';
import { companyRoutes } from './company.routes.js';
import * as tables from './company.schema.js';
import { CompanyService } from './company.service.js';

const HOUR = 60 * 60 * 1000;

/** Supplied by the sample-application module: what a company's applications use of its yearly allowance. */
const PORTS_NEEDED = ['companySampleUse'] as const;

declare module '../../kernel/module.js' {
  interface Services {
    companies: CompanyService;
  }
  interface Ports {
    /**
     * A company's sample applications made from `since` until `until` (not withdrawn or rejected; `except`
     * left out) and the sample items in them, as columns of a query on the company's row.
     */
    companySampleUse(companyId: AnyPgColumn, since: Date, until: Date, except?: number): { applications: SQL<number>; items: SQL<number> };
  }
}

/** 企业: companies, their members and roles, invitations, the yearly sample allowance, and the sales staff's verification. */
export const companyModule = defineModule({
  name: 'company',
  tables: [tables],
  repositories: (db, _tx, ports): CompanyRepositories => ({ companies: new CompanyRepository(db, ports) }),
  portsNeeded: PORTS_NEEDED,
  provide: ({ transactor, services, now }) => {
    const own: Transactor<CompanyRepositories> = transactor;
    return {
      companies: new CompanyService({
        companies: own.on().companies,
        transactor: own,
        files: services.files,
        notices: services.notices,
        staffAlerts: services.staffAlerts,
        users: services.users,
        sampleLimits: services.sampleLimits,
        now,
      }),
    };
  },
  routes: async (app, { services }) => app.register(companyRoutes, { companies: services.companies, guard: services.guard }),
  // Invitations that expired unanswered to an address no account holds keep a stranger's contact: they go.
  jobs: ({ services }) => [{ name: 'company.purge-invitations', everyMs: HOUR, run: async () => void (await services.companies.purgeInvitations()) }],
  accountDeletion: ({ services }) => ({
    blocker: (userId, within) => services.companies.deletionBlocker(userId, within),
    anonymise: (user, within, now) => services.companies.forgetPerson(user, within, now),
  }),
});
