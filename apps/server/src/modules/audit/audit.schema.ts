import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../account/account.schema.js';
import { personalData } from '../../db/personal-data.js';

/**
 * Every change the staff make (docs/decisions/0024): written in the same transaction as the change,
 * never updated or deleted — a trigger refuses both — except that the personal values of a deleted
 * account are redacted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id),
    /** The actor's account as it was then (the row may change or be anonymised later). */
    actorAccount: text('actor_account').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

export const auditLogPersonalData = personalData(auditLog, {
  columns: [auditLog.actorId, auditLog.actorAccount],
  treatment: 'anonymised',
  reason: 'The log keeps what was done and to what; a deleted account is named 已注销用户 in the entries it made and in those about it (its personal values replaced).',
});
