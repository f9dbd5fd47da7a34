import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account.schema.js';
import { personalData } from '../../db/personal-data.js';

/** One row per signed-in device; a token names its session, and logging out deletes the row. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Log-in and registration attempts, for throttling per account and per client address. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Server-only kinds: no contract names them.
    kind: text('kind', { enum: ['login', 'login_failure', 'register', 'coa_lookup', 'coa_lookup_ip'] }).notNull(),
    account: text('account'),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.kind, t.account, t.createdAt),
    index('auth_attempts_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);

export const sessionsPersonalData = personalData(sessions, {
  columns: [sessions.userId],
  treatment: 'erased',
  reason: 'Every session of the account ends and is deleted.',
});

export const authAttemptsPersonalData = personalData(authAttempts, {
  columns: [authAttempts.account],
  treatment: 'erased',
  reason: 'The log-in attempts of the account are deleted (those of others are pruned within a day).',
});
