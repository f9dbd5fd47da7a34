import { getTableName, type Column, type Table } from 'drizzle-orm';
import type { Tx } from './transactor.js';

/**
 * What deleting an account (注销) does with the rows of a table that name the person
 * (docs/decisions/0042):
 * - `erased`: the person's rows are deleted;
 * - `anonymised`: the rows stay, pointing at the anonymised account row (`deleted:<id>`), with what
 *   identifies the person emptied or masked;
 * - `kept`: the rows stay because a law keeps them (accounting records); what the law does not need
 *   (delivery e-mail, phone) is erased and the rows point at the anonymised account.
 */
export type PersonalDataTreatment = 'erased' | 'anonymised' | 'kept';

/** How a module declares a table's personal data: made by `personalData`, found among the schema's exports. */
export class PersonalData {
  constructor(
    readonly table: Table,
    /** The columns that name the person: a reference to the user, their account, mobile number or e-mail. */
    readonly columns: readonly Column[],
    readonly treatment: PersonalDataTreatment,
    /** What deleting an account does to the rows, in a sentence; for `kept`, the law that keeps them. */
    readonly reason: string,
  ) {}

  get tableName(): string {
    return getTableName(this.table);
  }
}

/**
 * Declares, beside a table's definition in its module's schema file, what deleting an account does
 * with the table's rows of that person. A test walks the database and fails for a table that names a
 * person without a declaration.
 */
export function personalData(table: Table, declaration: { columns: readonly Column[]; treatment: PersonalDataTreatment; reason: string }): PersonalData {
  return new PersonalData(table, declaration.columns, declaration.treatment, declaration.reason);
}

/** Every declaration among a schema file's exports (a manifest's `tables`). */
export function declaredPersonalData(exports: Record<string, unknown>): PersonalData[] {
  return Object.values(exports).filter((value): value is PersonalData => value instanceof PersonalData);
}

/** The account being deleted, as the modules' parts of a deletion see it. */
export interface DeletedUser {
  id: number;
  account: string;
}

/**
 * Something of the user that is still open and that deleting the account would leave without a
 * counterpart (a sample application not finished yet, an unpaid order, an invoice not issued, seats
 * given to colleagues): answers what to finish first, in Chinese, or undefined. Runs in the
 * deletion's transaction, under the user's lock.
 */
export type DeletionBlocker = (userId: number, within: Tx, now: Date) => Promise<string | undefined>;

/**
 * Erases or masks what a module keeps of a deleted user (docs/decisions/0042): its own rows, as its
 * tables' declarations say. Runs in the deletion's transaction, the modules higher in the list first.
 */
export type RecordAnonymiser = (user: DeletedUser, within: Tx, now: Date) => Promise<void>;
