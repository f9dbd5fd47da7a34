import type { StaffRole } from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { AdminChanges, UserFilter, UserName, UserRow } from './account.repository.js';
import type { AccountRepositories } from './account.repositories.js';

/**
 * The users, as other modules see them: who someone is, locking a user's row for a change of theirs,
 * the staff holding a role, and the users desk's reads and writes. Every method takes part in the
 * caller's transaction when given one.
 */
export class UserDirectory {
  constructor(private readonly transactor: Transactor<AccountRepositories>) {}

  /** Locks the user's row until the caller's transaction ends: one change of a user at a time. */
  lockUser(userId: number, within: Tx): Promise<void> {
    return this.transactor.on(within).accounts.lockUser(userId);
  }

  findById(id: number, within?: Tx): Promise<UserRow | undefined> {
    return this.transactor.on(within).accounts.findById(id);
  }

  findByAccount(account: string, within?: Tx): Promise<UserRow | undefined> {
    return this.transactor.on(within).accounts.findByAccount(account);
  }

  names(ids: number[], within?: Tx): Promise<UserName[]> {
    return this.transactor.on(within).accounts.names(ids);
  }

  staffWith(roles: readonly StaffRole[], within?: Tx): Promise<UserRow[]> {
    return this.transactor.on(within).accounts.staffWith(roles);
  }

  countWithRole(role: StaffRole, within?: Tx): Promise<number> {
    return this.transactor.on(within).accounts.countWithRole(role);
  }

  registrationsByDay(since: Date): Promise<{ byDay: Array<{ day: string; n: number }>; total: number }> {
    return this.transactor.on().accounts.registrationsByDay(since);
  }

  adminPage(filter: UserFilter, limit: number, offset: number): Promise<{ rows: UserRow[]; totalCount: number }> {
    return this.transactor.on().accounts.adminPage(filter, limit, offset);
  }

  adminUpdate(id: number, changes: AdminChanges, within: Tx): Promise<UserRow> {
    return this.transactor.on(within).accounts.adminUpdate(id, changes);
  }

  /** Ends the user's sessions everywhere and every token issued so far (a disabled account). */
  async endSessions(id: number, within: Tx): Promise<void> {
    const { sessions, accounts } = this.transactor.on(within);
    await sessions.deleteAllOf(id);
    await accounts.bumpTokenVersion(id);
  }

  /** Ends every token issued to the user so far (they sign in again). */
  bumpTokenVersion(id: number, within: Tx): Promise<number> {
    return this.transactor.on(within).accounts.bumpTokenVersion(id);
  }
}
