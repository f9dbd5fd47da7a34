import { defineModule } from '../../kernel/module.js';
import { AuditRepository } from './audit.repository.js';
import { ownAudit, type AuditRepositories } from './audit.repositories.js';
import { auditRoutes } from './audit.routes.js';
import * as tables from './audit.schema.js';
import { AuditService } from './audit.service.js';

/** How the audit log names a deleted account, and which of its recorded values are personal. */
const DELETED_USER = '已注销用户';
const PERSONAL_AUDIT_KEYS = ['account', 'name', 'nickName', 'mobile', 'email', 'contactName', 'address'] as const;

/** The audit log of staff changes (written in each change's transaction by `recordChange`). */
export const auditModule = defineModule({
  name: 'audit',
  tables: [tables],
  repositories: (db): AuditRepositories => ({ audit: new AuditRepository(db) }),
  routes: async (app, { db, services }) => app.register(auditRoutes, { audit: new AuditService(new AuditRepository(db)), guard: services.guard }),
  // The audit log keeps what staff did and to whom, but not who the person was.
  accountDeletion: () => ({
    anonymise: async (user, within) =>
      void (await ownAudit(within).audit.redactUser(user.id, user.account, DELETED_USER, PERSONAL_AUDIT_KEYS)),
  }),
});
