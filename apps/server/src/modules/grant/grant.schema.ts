import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DatabaseCode, GrantSource, PlanKind } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

/**
 * Paid access: who (a user; a company membership also its seat holders) holds what (membership, or one
 * database) from when until when. A grant that has lapsed or was ended stays, for the account's history
 * and for reminders; every gate reads the grants that hold now.
 */
export const grants = pgTable(
  'grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: enumValues(PlanKind) }).notNull(),
    /** The database a subscription unlocks; null for membership (which unlocks every database). */
    databaseCode: text('database_code', { enum: enumValues(DatabaseCode) }),
    /** What it is called on the account page (the plan's name at the time of sale). */
    name: text('name').notNull(),
    /** A company membership: how many accounts may share it (the holder included); null for one account. */
    seats: integer('seats'),
    source: text('source', { enum: enumValues(GrantSource) }).notNull(),
    /** The order that paid for it (source `order`). */
    orderId: integer('order_id'),
    /** The member of the staff who granted it by hand (source `staff`). */
    grantedBy: integer('granted_by'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Ended early (a refund, or staff taking it back); null while it runs its term. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last expiry reminder sent (30, 7 or 1 days before the end); null before the first. */
    remindedDays: integer('reminded_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grants_user_idx').on(t.userId, t.endsAt), index('grants_order_idx').on(t.orderId)],
);

/** The other accounts that share a company membership (its seats), added by the holder. */
export const grantSeats = pgTable(
  'grant_seats',
  {
    grantId: integer('grant_id')
      .notNull()
      .references(() => grants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.grantId, t.userId] }), index('grant_seats_user_idx').on(t.userId)],
);

export const grantsPersonalData = personalData(grants, {
  columns: [grants.userId, grants.grantedBy],
  treatment: 'anonymised',
  reason: 'A grant holds nothing personal but its holder: the running ones end with the account and all stay, naming the anonymised account, beside the orders that paid for them.',
});

export const grantSeatsPersonalData = personalData(grantSeats, {
  columns: [grantSeats.userId],
  treatment: 'erased',
  reason: "Seats the user holds of another's company membership are given back; seats given to colleagues refuse the deletion while the membership runs.",
});
