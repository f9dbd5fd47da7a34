import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NoticeKind } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { users } from '../account/account.schema.js';
import { notices } from './notice.schema.js';

export type NoticeRow = typeof notices.$inferSelect;

export interface NoticeValues {
  kind: NoticeKind;
  title: string;
  body: string;
  link: string | null;
}

/** Users' notices (`notices`). */
export class NoticeRepository {
  constructor(private readonly db: Db) {}

  /** A notice for the user; none for a deleted account (注销), whose notices are gone for good. */
  async insert(userId: number, notice: NoticeValues): Promise<void> {
    await this.db.execute(sql`insert into ${notices} (user_id, kind, title, body, link)
      select ${users.id}, ${notice.kind}::notice_kind, ${notice.title}, ${notice.body}, ${notice.link}
        from ${users} where ${users.id} = ${userId} and ${users.deletedAt} is null`);
  }

  /** A page of the user's notices, newest first, with the total. */
  async page(userId: number, unreadOnly: boolean, limit: number, offset: number): Promise<{ rows: NoticeRow[]; totalCount: number }> {
    const where = unreadOnly ? and(eq(notices.userId, userId), isNull(notices.readAt)) : eq(notices.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(notices).where(where),
    ]);
    return { rows, totalCount: total?.n ?? 0 };
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return row?.n ?? 0;
  }

  /** The user's own notice (another user's is not found). */
  async find(userId: number, id: number): Promise<NoticeRow | undefined> {
    const [row] = await this.db.select().from(notices).where(and(eq(notices.id, id), eq(notices.userId, userId)));
    return row;
  }

  async markRead(id: number): Promise<NoticeRow> {
    const [row] = await this.db.update(notices).set({ readAt: new Date() }).where(eq(notices.id, id)).returning();
    return row!;
  }

  async markAllRead(userId: number): Promise<void> {
    await this.db
      .update(notices)
      .set({ readAt: new Date() })
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  }

  /** Deletes every notice of the user (deleting the account). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(notices).where(eq(notices.userId, userId));
  }
}
