import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { personalData } from '../../db/personal-data.js';

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
/** `queued` until a driver has sent it (retries included), then `sent`; `failed` once the job gave up. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;

/**
 * Every outbound message (SMS and e-mail) with its rendered text and how sending it went
 * (docs/decisions/0019): queued in the transaction of the change it reports, sent by a job after
 * the commit, through whichever driver the configuration names (`log` in development and tests).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** A mobile number (SMS) or an e-mail address. */
    recipient: text('recipient').notNull(),
    /** SMS: the template and its parameters (what a provider with approved templates is sent). */
    template: text('template'),
    params: jsonb('params').$type<Record<string, string>>(),
    /** E-mail: the subject. */
    subject: text('subject'),
    /** The text as the recipient reads it (an SMS rendered from its template). */
    body: text('body').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** The driver that sent it (`log`, `aliyun`, `smtp`) and the provider's id of the message, if any. */
    driver: text('driver'),
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

export const outboxPersonalData = personalData(outbox, {
  columns: [outbox.recipient],
  treatment: 'erased',
  reason: "Messages to the account and to the contacts of the user's sample applications are deleted, sent or not.",
});
