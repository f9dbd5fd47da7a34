import { defineModule } from '../../kernel/module.js';
import { CONTENT_CHANGED } from '../../db/signals.js';
import { sessionCacheMs } from '../account/account.module.js';
import { SessionCache } from '../account/session-cache.js';
import { ReferenceAdminService } from './reference-admin.service.js';
import { referenceAdminRoutes } from './reference-admin.routes.js';
import { ReferenceRepository, type DatabaseRow } from './reference.repository.js';
import type { ReferenceReads, ReferenceRepositories } from './reference.repositories.js';
import { referenceRoutes } from './reference.routes.js';
import * as tables from './reference.schema.js';
import { ReferenceService } from './reference.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    reference: ReferenceService;
    referenceReads: ReferenceReads;
  }
}

/** 数据库: pharmacopoeia standards and usage data; the databases desk. */
export const referenceModule = defineModule({
  name: 'reference',
  tables: [tables],
  repositories: (db): ReferenceRepositories => ({ reference: new ReferenceRepository(db) }),
  provide: ({ db, signals, options, now, app }) => {
    // A database's access level, read by every request for its records: kept as briefly as sessions, and
    // dropped on any content change (the databases desk changes it), here or in another process.
    const cacheMs = sessionCacheMs(options);
    const access = cacheMs > 0 ? new SessionCache<DatabaseRow | undefined>(cacheMs, now, 10) : undefined;
    if (access) {
      const stop = signals.subscribe(CONTENT_CHANGED, () => access.clear());
      app.addHook('onClose', async () => stop());
    }
    return { reference: new ReferenceService(new ReferenceRepository(db), access), referenceReads: new ReferenceRepository(db) };
  },
  routes: async (app, { db, transactor, services }) => {
    await app.register(referenceRoutes, { reference: services.reference, guard: services.guard });
    await app.register(referenceAdminRoutes, { desk: new ReferenceAdminService(new ReferenceRepository(db), transactor), guard: services.guard });
  },
});
