import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { DocumentRequestRepository } from './document-request.repository.js';
import type { DocumentRequestRepositories } from './document-request.repositories.js';
import { documentRequestRoutes } from './document-request.routes.js';
import * as tables from './document-request.schema.js';
import { DocumentRequestService } from './document-request.service.js';
import type { DocumentHolders } from '../change-notice/change-notice.audience.js';

declare module '../../kernel/module.js' {
  interface Services {
    documentRequests: DocumentRequestService;
    /** The members of companies holding an approved 授权使用书 for a product (for change notices). */
    documentHolders: DocumentHolders;
  }
}

/** 注册资料: the confidentiality agreement, companies' requests for regulatory documents, the quality desk, stamped delivery. */
export const documentRequestModule = defineModule({
  name: 'document-request',
  tables: [tables],
  repositories: (db): DocumentRequestRepositories => ({ documentRequests: new DocumentRequestRepository(db) }),
  provide: ({ transactor, services, config, now }) => {
    const own: Transactor<DocumentRequestRepositories> = transactor;
    return {
      documentHolders: { tiesTo: (excipientId: number) => own.on().documentRequests.holdersOf(excipientId, now()) },
      documentRequests: new DocumentRequestService({
        documentRequests: own.on().documentRequests,
        transactor: own,
        users: services.users,
        notices: services.notices,
        staffAlerts: services.staffAlerts,
        messages: services.messages,
        files: services.files,
        site: services.site,
        siteUrl: config.SITE_URL,
        now,
      }),
    };
  },
  routes: async (app, { services }) => app.register(documentRequestRoutes, { documentRequests: services.documentRequests, guard: services.guard }),
  accountDeletion: ({ services }) => ({
    anonymise: (user, within) => services.documentRequests.anonymise(user.id, within),
  }),
});
