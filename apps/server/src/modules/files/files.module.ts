import { ownFiles, type FilesRepositories } from './files.repositories.js';
import { defineModule } from '../../kernel/module.js';
import { DatabaseFileStore } from './file-store.js';
import { FileRepository } from './file.repository.js';
import * as tables from './files.schema.js';

/** Uploaded and generated files (avatars, documents, bank slips, invoices, COAs), kept in the database. */
export const filesModule = defineModule({
  name: 'files',
  tables: [tables],
  repositories: (db): FilesRepositories => ({ files: new FileRepository(db) }),
  provide: ({ transactor }) => ({ files: new DatabaseFileStore(transactor) }),
  // Last of all (the modules higher in the list keep the files their records still need first).
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownFiles(within).files.deleteAllOf(user.id)),
  }),
});

declare module '../../kernel/module.js' {
  interface Services {
    files: DatabaseFileStore;
  }
}
