import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { outbox } from './messages.schema.js';

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxMessage = Pick<typeof outbox.$inferInsert, 'channel' | 'recipient' | 'template' | 'params' | 'subject' | 'body'>;

/** Outbound messages (`outbox`) and how sending each went. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(message: NewOutboxMessage): Promise<number> {
    const [row] = await this.db.insert(outbox).values(message).returning({ id: outbox.id });
    return row!.id;
  }

  async find(id: number): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(outbox).where(eq(outbox.id, id));
    return row;
  }

  async markSent(id: number, sent: { driver: string; providerId: string | null; attempts: number; at: Date }): Promise<void> {
    await this.db
      .update(outbox)
      .set({ status: 'sent', driver: sent.driver, providerId: sent.providerId, attempts: sent.attempts, sentAt: sent.at })
      .where(eq(outbox.id, id));
  }

  /** Records a failed attempt (the message stays queued for the job's next try). */
  async recordFailure(id: number, failure: { driver: string; attempts: number; error: string }): Promise<void> {
    await this.db
      .update(outbox)
      .set({ driver: failure.driver, attempts: failure.attempts, lastError: failure.error })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db.update(outbox).set({ status: 'failed', lastError: error }).where(eq(outbox.id, id));
  }

  /** Messages not sent yet by channel, at `now`: how many, and how long the oldest has waited (seconds). */
  async pendingStats(now: Date): Promise<Array<{ channel: string; pending: number; oldestSeconds: number }>> {
    const at = sql`${now.toISOString()}::timestamptz`;
    return this.db
      .select({
        channel: outbox.channel,
        pending: sql<number>`count(*)`.mapWith(Number),
        oldestSeconds: sql<number>`greatest(extract(epoch from ${at} - min(${outbox.createdAt})), 0)`.mapWith(Number),
      })
      .from(outbox)
      .where(eq(outbox.status, 'queued'))
      .groupBy(outbox.channel);
  }

  /** Deletes every message to these recipients, sent or not (their account is deleted). */
  async deleteTo(recipients: string[]): Promise<void> {
    const addresses = [...new Set(recipients.filter(Boolean))];
    if (addresses.length === 0) return;
    await this.db.delete(outbox).where(inArray(outbox.recipient, addresses));
  }
}
