import type { Db } from './database.js';
import { InProcessSignalBus, type SignalBus } from './signals.js';

/**
 * A transaction in progress, as handed to a service method that takes part in a caller's change
 * (`within`): it carries no repositories of its own type, so a module reaches another module's rows
 * only through that module's service, passing the transaction on.
 */
export interface Tx {
  /**
   * Runs `callback` once the transaction has committed (never if it rolls back); outside a
   * transaction, at once. The job queue nudges its runner this way.
   */
  afterCommit(callback: () => void): void;
  /**
   * Signals to every server process on the database (docs/decisions/0030); send them from
   * `afterCommit`, so that no process acts on a change that may still roll back.
   */
  signals: SignalBus;
}

/**
 * A module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own (`export const ownOrder = repositoriesOf<OrderRepositories>()`).
 */
export function repositoriesOf<R extends object>(): (within: Tx) => R & Tx {
  return (within) => within as R & Tx;
}

/**
 * Builds the repositories of every module on one database handle or one transaction: the composition
 * root assembles it from the modules' manifests (src/modules.ts), so this folder knows no module.
 */
export type RepositoryFactory<R extends object> = (db: Db, tx: Tx) => R;

/**
 * Runs work in one database transaction, handing it repositories bound to that transaction: the one
 * way a service changes several tables (of its module, or of several through their services) all or
 * nothing (docs/decisions/0012, 0053). A module's services see it as `Transactor<TheirRepositories>`:
 * the repositories of their own module only.
 */
export class Transactor<R extends object = object> {
  private readonly plain: R & Tx;

  constructor(
    private readonly db: Db,
    private readonly repositories: RepositoryFactory<R>,
    /** The database's signals (Database.signals); a bus of its own, heard by nobody, when not given. */
    private readonly signals: SignalBus = new InProcessSignalBus(),
  ) {
    const tx: Tx = { afterCommit: (callback) => callback(), signals };
    this.plain = Object.assign(repositories(db, tx), tx);
  }

  /**
   * Runs `work` in a new transaction, or in the caller's when `within` (a transaction a caller's
   * `transaction` handed out) is given: a service method that may be part of a larger change takes
   * `within` and passes it on.
   */
  async transaction<T>(work: (within: R & Tx) => Promise<T>, within?: Tx): Promise<T> {
    if (within) return work(within as R & Tx);
    const committed: Array<() => void> = [];
    const result = await this.db.transaction((handle) => {
      const tx: Tx = { afterCommit: (callback) => committed.push(callback), signals: this.signals };
      return work(Object.assign(this.repositories(handle, tx), tx));
    });
    for (const callback of committed) callback();
    return result;
  }

  /** The repositories of a caller's transaction, or of the database handle outside one. */
  on(within?: Tx): R & Tx {
    return (within as (R & Tx) | undefined) ?? this.plain;
  }
}
