import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Notice, NoticeKind, Page } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { notices } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export interface NewNotice {
  kind: NoticeKind;
  title: string;
  body: string;
  link?: string | null;
}

type NoticeRow = typeof notices.$inferSelect;

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's notices (站内通知): other features call `notify`; the account pages read them. */
export class NoticeService {
  constructor(private readonly db: Db) {}

  /** Sends a notice; pass a transaction to make it part of the change it reports. */
  async notify(userId: number, notice: NewNotice, db: Pick<Db, 'insert'> = this.db): Promise<void> {
    await db.insert(notices).values({ userId, ...notice, link: notice.link ?? null });
  }

  async list(userId: number, page: number, pageSize: number, unreadOnly: boolean): Promise<Page<Notice>> {
    const where = unreadOnly ? and(eq(notices.userId, userId), isNull(notices.readAt)) : eq(notices.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(notices.createdAt), desc(notices.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(notices).where(where),
    ]);
    return { items: rows.map(toNotice), totalCount: total?.n ?? 0 };
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
    return row?.n ?? 0;
  }

  async markRead(userId: number, id: number): Promise<Notice> {
    const [row] = await this.db.select().from(notices).where(and(eq(notices.id, id), eq(notices.userId, userId)));
    if (!row) throw new AppError('not_found', '通知不存在');
    if (row.readAt) return toNotice(row);
    const [updated] = await this.db
      .update(notices)
      .set({ readAt: new Date() })
      .where(eq(notices.id, id))
      .returning();
    return toNotice(updated!);
  }

  async markAllRead(userId: number): Promise<void> {
    await this.db
      .update(notices)
      .set({ readAt: new Date() })
      .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  }
}
