import type { FilesRepositories } from './files.repositories.js';
import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { DatabaseFileStore } from './file-store.js';
import { FileRepository } from './file.repository.js';
import * as tables from './files.schema.js';

/** Uploaded and generated files (avatars, documents, bank slips, invoices, COAs), kept in the database. */
export const filesModule = defineModule({
  name: 'files',
  tables: [tables],
  repositories: (db) => ({ files: new FileRepository(db) }),
  provide: ({ transactor }) => ({ files: new DatabaseFileStore(transactor) }),
  // Last of all (the modules higher in the list keep the files their records still need first).
  accountDeletion: ({ transactor }) => ({
    anonymise: async (user, within) => void (await (transactor as Transactor<FilesRepositories>).on(within).files.deleteAllOf(user.id)),
  }),
});

declare module '../../kernel/module.js' {
  interface Services {
    files: DatabaseFileStore;
  }
}
