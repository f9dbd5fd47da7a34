import type { GrantList, GrantState } from '@fuliaotong/contracts';
import type { Repositories } from '../../db/transactor.js';
import { accessOf } from '../auth/auth.guard.js';
import type { GrantRepository, GrantRow } from './grant.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function stateOf(row: GrantRow, now: Date): GrantState {
  if (row.revokedAt) return 'ended';
  if (row.startsAt > now) return 'upcoming';
  return row.endsAt > now ? 'active' : 'lapsed';
}

/** What a paid order grants: a term of membership or of one database, for the buyer. */
export interface GrantTerm {
  userId: number;
  kind: GrantRow['kind'];
  databaseCode: GrantRow['databaseCode'];
  name: string;
  seats: number | null;
  days: number;
  orderId: number;
}

/**
 * Paid access. A grant is a term of membership (every database's 会员可见 fields) or of one database,
 * held by a user (a company membership also by the accounts given its seats). Every gate reads the
 * grants in force (`viewerOf`), so a lapsed one locks the data again while favorites and history stay.
 */
export class GrantService {
  constructor(
    private readonly grants: GrantRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(userId: number): Promise<GrantList> {
    const now = this.now();
    const [rows, held] = await Promise.all([this.grants.listFor(userId), this.grants.heldBy(userId, now)]);
    return {
      ...accessOf(held),
      databases: [...accessOf(held).databases],
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        databaseCode: row.databaseCode,
        name: row.name,
        seats: row.seats,
        source: row.source,
        state: stateOf(row, now),
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        shared: row.shared,
      })),
    };
  }

  /**
   * Grants what a paid order bought, in the payment's transaction. A renewal bought while the same kind
   * still runs starts where that one ends, so paying early loses no day.
   */
  async grantPaid(within: Repositories, term: GrantTerm, paidAt: Date): Promise<GrantRow> {
    const existing = await within.grants.findByOrder(term.orderId);
    if (existing && !existing.revokedAt) return existing;
    const runsUntil = await within.grants.lastEnd(term.userId, term.kind === 'membership' ? null : term.databaseCode, paidAt);
    const startsAt = runsUntil && runsUntil > paidAt ? runsUntil : paidAt;
    return within.grants.insert({
      userId: term.userId,
      kind: term.kind,
      databaseCode: term.kind === 'membership' ? null : term.databaseCode,
      name: term.name,
      seats: term.seats,
      source: 'order',
      orderId: term.orderId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + term.days * DAY_MS),
    });
  }
}
