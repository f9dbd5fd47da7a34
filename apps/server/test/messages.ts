import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../src/db/database.js';
import { outbox } from '../src/modules/messages/messages.schema.js';
import type { TestApp } from './test-app.js';

export type OutboxMessage = typeof outbox.$inferSelect;

/**
 * The messages sent to `to` (a mobile number or an e-mail address), oldest first. Given the test
 * app, it first runs the jobs that are due (`drain()`), as the started runner would have by now;
 * given a database, it only reads the outbox.
 */
export async function sentMessages(source: TestApp | Database, to: string): Promise<OutboxMessage[]> {
  const database = 'drain' in source ? source.database : source;
  if ('drain' in source) await source.drain();
  return database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, to), eq(outbox.status, 'sent')))
    .orderBy(asc(outbox.id));
}

/** Every message to `to` whatever became of it (queued, sent, failed), oldest first. */
export async function outboxMessages(database: Database, to: string): Promise<OutboxMessage[]> {
  return database.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(asc(outbox.id));
}
