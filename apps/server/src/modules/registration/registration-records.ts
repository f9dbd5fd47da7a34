import type { Transactor, Tx } from '../../db/transactor.js';
import type { RegistrationFields } from './registration-columns.js';
import type { RegistrationRepositories } from './registration.repositories.js';

/** Writing registration records (the staff desk's imports and the command line's): the registration module's rows. */
export class RegistrationRecords {
  constructor(private readonly transactor: Transactor<RegistrationRepositories>) {}

  /** The stored records with these registration numbers, as the fields an import writes. */
  existing(regNos: readonly string[], within?: Tx): Promise<RegistrationFields[]> {
    return this.transactor.on(within).registrations.fieldsOf(regNos);
  }

  /** Inserts the records, or replaces the stored ones with the same registration number, in the caller's transaction. */
  upsert(records: readonly RegistrationFields[], within: Tx): Promise<{ inserted: number; updated: number }> {
    return this.transactor.on(within).registrations.upsert(records);
  }

  /**
   * After records were replaced (outside any transaction): the gram index counts the matches of a
   * search (docs/decisions/0076), and until VACUUM it also holds the replaced versions.
   */
  afterReplacing(): Promise<void> {
    return this.transactor.on().registrations.vacuum();
  }

}
