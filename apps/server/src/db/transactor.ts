import { AccountRepository } from '../modules/account/account.repository.js';
import { ArticleRepository } from '../modules/article/article.repository.js';
import { AuditRepository } from '../modules/audit/audit.repository.js';
import { AddressRepository } from '../modules/address/address.repository.js';
import { SessionRepository } from '../modules/auth/session.repository.js';
import { ThrottleRepository } from '../modules/auth/throttle.repository.js';
import { ExcipientRepository } from '../modules/excipient/excipient.repository.js';
import { FavoriteRepository } from '../modules/favorite/favorite.repository.js';
import { FileRepository } from '../modules/files/file.repository.js';
import { GrantRepository } from '../modules/grant/grant.repository.js';
import { InvoiceRepository } from '../modules/invoice/invoice.repository.js';
import { JobRepository } from '../modules/jobs/job.repository.js';
import { OutboxRepository } from '../modules/messages/outbox.repository.js';
import { NoticeRepository } from '../modules/notice/notice.repository.js';
import { OrderRepository } from '../modules/order/order.repository.js';
import { PlanRepository } from '../modules/plan/plan.repository.js';
import { ReferenceRepository } from '../modules/reference/reference.repository.js';
import { RegistrationImportRepository } from '../modules/registration-import/registration-import.repository.js';
import { RegistrationWatchRepository } from '../modules/registration-watch/registration-watch.repository.js';
import { SampleApplicationRepository } from '../modules/sample-application/sample-application.repository.js';
import { SampleCartRepository } from '../modules/sample-cart/sample-cart.repository.js';
import { SettingsRepository } from '../modules/settings/settings.repository.js';
import { VerificationRepository } from '../modules/verification/verification.repository.js';
import type { Db } from './database.js';
import { CART_CHANGED, InProcessSignalBus, type SignalBus } from './signals.js';

/** The repositories a transaction may need, all built on one database handle or one transaction. */
export interface Repositories {
  accounts: AccountRepository;
  addresses: AddressRepository;
  applications: SampleApplicationRepository;
  /** News and regulations (the articles desk writes them). */
  articles: ArticleRepository;
  /** The audit log of staff changes (written in the change's transaction). */
  audit: AuditRepository;
  /** Log-in and registration attempts (throttling). */
  attempts: ThrottleRepository;
  cart: SampleCartRepository;
  /** Verification codes and captchas. */
  codes: VerificationRepository;
  /** The catalogue (the products desk writes it). */
  excipients: ExcipientRepository;
  favorites: FavoriteRepository;
  files: FileRepository;
  /** Paid access: memberships and database subscriptions. */
  grants: GrantRepository;
  /** Invoice titles and invoices. */
  invoices: InvoiceRepository;
  jobs: JobRepository;
  notices: NoticeRepository;
  /** Orders of plans and their payments. */
  orders: OrderRepository;
  outbox: OutboxRepository;
  /** Plans for sale (the plan desk writes them). */
  plans: PlanRepository;
  /** Pharmacopoeia standards and usage rows (the databases desk writes them). */
  reference: ReferenceRepository;
  /** CDE registration imports from the staff desk (and the records they write). */
  registrationImports: RegistrationImportRepository;
  /** Who watches which registration records (notices on change). */
  registrationWatches: RegistrationWatchRepository;
  sessions: SessionRepository;
  /** Settings changed at run time. */
  settings: SettingsRepository;
  /**
   * Runs `callback` once the transaction has committed (never if it rolls back); on repositories
   * that are not bound to a transaction, at once. The job queue nudges its runner this way.
   */
  afterCommit(callback: () => void): void;
  /**
   * Signals to every server process on the database (docs/decisions/0030); send them from
   * `afterCommit`, so that no process acts on a change that may still roll back.
   */
  signals: SignalBus;
}

function repositoriesOn(db: Db, signals: SignalBus, afterCommit: (callback: () => void) => void): Repositories {
  return {
    afterCommit,
    signals,
    accounts: new AccountRepository(db),
    addresses: new AddressRepository(db),
    applications: new SampleApplicationRepository(db),
    articles: new ArticleRepository(db),
    audit: new AuditRepository(db),
    attempts: new ThrottleRepository(db),
    cart: new SampleCartRepository(db, (userId) => afterCommit(() => void signals.publish(CART_CHANGED, String(userId)))),
    codes: new VerificationRepository(db),
    excipients: new ExcipientRepository(db),
    favorites: new FavoriteRepository(db),
    files: new FileRepository(db),
    grants: new GrantRepository(db),
    invoices: new InvoiceRepository(db),
    jobs: new JobRepository(db),
    notices: new NoticeRepository(db),
    orders: new OrderRepository(db),
    outbox: new OutboxRepository(db),
    plans: new PlanRepository(db),
    reference: new ReferenceRepository(db),
    registrationImports: new RegistrationImportRepository(db),
    registrationWatches: new RegistrationWatchRepository(db),
    sessions: new SessionRepository(db),
    settings: new SettingsRepository(db),
  };
}

/**
 * Runs work in one database transaction, handing it repositories bound to that transaction: the one
 * way a service changes several tables (of one module or several) all or nothing (docs/decisions/0012).
 */
export class Transactor {
  constructor(
    private readonly db: Db,
    /** The database's signals (Database.signals); a bus of its own, heard by nobody, when not given. */
    private readonly signals: SignalBus = new InProcessSignalBus(),
  ) {}

  /**
   * Runs `work` in a new transaction, or in the caller's when `within` (repositories a caller's
   * `transaction` handed out) is given: a service method that may be part of a larger change takes
   * `within` and passes it on.
   */
  async transaction<T>(work: (repositories: Repositories) => Promise<T>, within?: Repositories): Promise<T> {
    if (within) return work(within);
    const committed: Array<() => void> = [];
    const result = await this.db.transaction((tx) => work(repositoriesOn(tx, this.signals, (callback) => committed.push(callback))));
    for (const callback of committed) callback();
    return result;
  }
}
