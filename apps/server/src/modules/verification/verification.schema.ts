import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CODE_PURPOSES } from './code-purposes.js';
import { personalData } from '../../db/personal-data.js';

/*
 * Verification codes and image captchas (docs/decisions/0021). Neither keeps what was sent in the
 * clear: a code or a captcha answer is stored as an HMAC under a key derived from the server's secret.
 */

/**
 * Every code sent (and every code asked for an account that does not exist, which is recorded but not
 * sent): the rows are also what the sending limits count, so they are kept a day and then pruned.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The normalised account (a mobile number or a lower-cased e-mail address) the code is for. */
    account: text('account').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** HMAC-SHA256 of purpose, account and code (hex). */
    codeHash: text('code_hash').notNull(),
    /** The client address that asked for it (per-address limits). */
    ip: text('ip').notNull(),
    /** Entries checked against this code, the right one included. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_account_idx').on(t.account, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_created_idx').on(t.createdAt),
  ],
);

/** Image captchas handed out; each answers one check (`usedAt`) before it expires. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    /** HMAC-SHA256 of the id and the lower-cased answer (hex). */
    answerHash: text('answer_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('captchas_ip_idx').on(t.ip, t.createdAt)],
);

export const verificationCodesPersonalData = personalData(verificationCodes, {
  columns: [verificationCodes.account],
  treatment: 'erased',
  reason: 'The codes sent to the account are deleted (all codes are pruned a day later anyway).',
});
