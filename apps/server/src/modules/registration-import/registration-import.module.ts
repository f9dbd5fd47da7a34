import { defineModule } from '../../kernel/module.js';
import { RegistrationImportRepository } from './registration-import.repository.js';
import type { RegistrationImportRepositories } from './registration-import.repositories.js';
import { registrationImportRoutes } from './registration-import.routes.js';
import * as tables from './registration-import.schema.js';
import { RegistrationImportService } from './registration-import.service.js';

/** CDE registration imports from the staff desk (and the records they write), and the export. */
export const registrationImportModule = defineModule({
  name: 'registration-import',
  tables: [tables],
  repositories: (db): RegistrationImportRepositories => ({ registrationImports: new RegistrationImportRepository(db) }),
  routes: async (app, { db, transactor, services }) => {
    const imports = new RegistrationImportService(
      new RegistrationImportRepository(db),
      services.registrationReads,
      services.registrationRecords,
      services.files,
      transactor,
      services.registrationWatches,
    );
    await app.register(registrationImportRoutes, { imports, guard: services.guard });
  },
});
