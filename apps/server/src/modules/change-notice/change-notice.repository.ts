import { and, asc, count, desc, eq, ilike, isNull, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ChangeNoticeStateName } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { escapeLike } from '../../shared/grams.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { excipients } from '../excipient/excipient.schema.js';
import { changeNoticeRecipients, changeNotices, type StoredChangeDocument } from './change-notice.schema.js';

export type { StoredChangeDocument };

export type ChangeNoticeRow = typeof changeNotices.$inferSelect;
export type ChangeNoticeValues = Omit<typeof changeNotices.$inferInsert, 'id' | 'number' | 'status'>;
export type ChangeNoticeChanges = Partial<Omit<ChangeNoticeRow, 'id' | 'number' | 'createdAt' | 'updatedAt' | 'createdBy'>>;
export type RecipientRow = typeof changeNoticeRecipients.$inferSelect;

/** How many a notice reached, acknowledged and was reminded. */
export interface NoticeCounts {
  recipients: number;
  acknowledged: number;
  reminded: number;
}

/** A recipient with the names the report shows. */
export type ReportRow = RecipientRow & { account: string; nickName: string; name: string; deletedAt: Date | null; companyName: string | null };

export interface ChangeNoticeFilter {
  status?: ChangeNoticeStateName;
  keyword?: string;
}

/** Change notices and their recipients. Reads products, companies and accounts. */
export class ChangeNoticeRepository {
  constructor(private readonly db: Db) {}

  async product(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db.select({ id: excipients.id, name: excipients.nameZh }).from(excipients).where(eq(excipients.id, id));
    return row;
  }

  async nextId(): Promise<number> {
    const [row] = await selectRows<{ id: number }>(this.db, sql`select nextval(pg_get_serial_sequence('change_notices', 'id'))::int as id`);
    return row!.id;
  }

  async insert(id: number, number: string, values: ChangeNoticeValues): Promise<void> {
    await this.db.insert(changeNotices).values({ ...values, id, number, status: 'draft' });
  }

  /** A notice; `lock` holds it until the transaction ends (one step at a time). */
  async find(id: number, lock = false): Promise<ChangeNoticeRow | undefined> {
    const query = this.db.select().from(changeNotices).where(eq(changeNotices.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async update(id: number, changes: ChangeNoticeChanges, at: Date): Promise<void> {
    await this.db
      .update(changeNotices)
      .set({ ...changes, updatedAt: at })
      .where(eq(changeNotices.id, id));
  }

  async page(filter: ChangeNoticeFilter, limit: number, offset: number): Promise<{ rows: ChangeNoticeRow[]; totalCount: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(changeNotices.status, filter.status));
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(ilike(changeNotices.number, pattern), ilike(changeNotices.title, pattern), ilike(changeNotices.productName, pattern))!);
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(changeNotices).where(where).orderBy(desc(changeNotices.updatedAt), desc(changeNotices.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(changeNotices).where(where),
    ]);
    return { rows, totalCount: total?.n ?? 0 };
  }

  async counts(noticeIds: readonly number[]): Promise<Map<number, NoticeCounts>> {
    if (noticeIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        noticeId: changeNoticeRecipients.noticeId,
        recipients: sql<number>`count(*)::int`,
        acknowledged: sql<number>`count(${changeNoticeRecipients.acknowledgedAt})::int`,
        reminded: sql<number>`count(${changeNoticeRecipients.remindedAt})::int`,
      })
      .from(changeNoticeRecipients)
      .where(sql`${changeNoticeRecipients.noticeId} in (${sql.join(noticeIds.map((id) => sql`${id}`), sql`, `)})`)
      .groupBy(changeNoticeRecipients.noticeId);
    return new Map(rows.map((row) => [row.noticeId, { recipients: Number(row.recipients), acknowledged: Number(row.acknowledged), reminded: Number(row.reminded) }]));
  }

  // ——— recipients ———

  async addRecipients(rows: ReadonlyArray<Omit<RecipientRow, 'id' | 'acknowledgedAt' | 'acknowledgedBy' | 'remindedAt'>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(changeNoticeRecipients).values([...rows]).onConflictDoNothing();
  }

  async recipient(noticeId: number, userId: number): Promise<RecipientRow | undefined> {
    const [row] = await this.db
      .select()
      .from(changeNoticeRecipients)
      .where(and(eq(changeNoticeRecipients.noticeId, noticeId), eq(changeNoticeRecipients.userId, userId)));
    return row;
  }

  async recipients(noticeId: number, onlyUnacknowledged = false): Promise<RecipientRow[]> {
    return this.db
      .select()
      .from(changeNoticeRecipients)
      .where(and(eq(changeNoticeRecipients.noticeId, noticeId), ...(onlyUnacknowledged ? [isNull(changeNoticeRecipients.acknowledgedAt)] : [])))
      .orderBy(asc(changeNoticeRecipients.id));
  }

  async acknowledge(noticeId: number, userId: number, at: Date): Promise<void> {
    await this.db
      .update(changeNoticeRecipients)
      .set({ acknowledgedAt: at, acknowledgedBy: userId })
      .where(and(eq(changeNoticeRecipients.noticeId, noticeId), eq(changeNoticeRecipients.userId, userId), isNull(changeNoticeRecipients.acknowledgedAt)));
  }

  async markReminded(ids: readonly number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(changeNoticeRecipients)
      .set({ remindedAt: at })
      .where(sql`${changeNoticeRecipients.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  }

  /** The published notices due a reminder: some recipient has neither acknowledged nor been reminded `reminder_after_days` after publication. */
  async dueForReminder(now: Date): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ id: changeNotices.id })
      .from(changeNotices)
      .innerJoin(changeNoticeRecipients, eq(changeNoticeRecipients.noticeId, changeNotices.id))
      .where(
        and(
          eq(changeNotices.status, 'published'),
          isNotNull(changeNotices.publishedAt),
          lte(sql`${changeNotices.publishedAt} + make_interval(days => ${changeNotices.reminderAfterDays})`, sql`${now.toISOString()}::timestamptz`),
          isNull(changeNoticeRecipients.acknowledgedAt),
          isNull(changeNoticeRecipients.remindedAt),
        ),
      )
      .orderBy(asc(changeNotices.id));
    return rows.map((row) => row.id);
  }

  /** The notices that reached the user (published or withdrawn), newest first, with the user's row of each. */
  async received(userId: number, pendingOnly: boolean, limit: number, offset: number) {
    const where = and(
      eq(changeNoticeRecipients.userId, userId),
      ...(pendingOnly ? [isNull(changeNoticeRecipients.acknowledgedAt), eq(changeNotices.status, 'published')] : []),
    );
    const [rows, [total], [open]] = await Promise.all([
      this.db
        .select({ notice: changeNotices, recipient: changeNoticeRecipients })
        .from(changeNoticeRecipients)
        .innerJoin(changeNotices, eq(changeNotices.id, changeNoticeRecipients.noticeId))
        .where(where)
        .orderBy(desc(changeNoticeRecipients.notifiedAt), desc(changeNotices.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(changeNoticeRecipients).innerJoin(changeNotices, eq(changeNotices.id, changeNoticeRecipients.noticeId)).where(where),
      this.db
        .select({ n: count() })
        .from(changeNoticeRecipients)
        .innerJoin(changeNotices, eq(changeNotices.id, changeNoticeRecipients.noticeId))
        .where(and(eq(changeNoticeRecipients.userId, userId), isNull(changeNoticeRecipients.acknowledgedAt), eq(changeNotices.status, 'published'))),
    ]);
    return { rows, totalCount: total?.n ?? 0, unacknowledged: open?.n ?? 0 };
  }

  /** Every recipient of a notice with their account and company names, by company then by name. */
  async report(noticeId: number): Promise<ReportRow[]> {
    const rows = await this.db
      .select({ recipient: changeNoticeRecipients, account: users.account, nickName: users.nickName, name: users.name, deletedAt: users.deletedAt, companyName: companies.name })
      .from(changeNoticeRecipients)
      .innerJoin(users, eq(users.id, changeNoticeRecipients.userId))
      .leftJoin(companies, eq(companies.id, changeNoticeRecipients.companyId))
      .where(eq(changeNoticeRecipients.noticeId, noticeId))
      .orderBy(sql`${companies.name} nulls last`, asc(changeNoticeRecipients.companyId), asc(changeNoticeRecipients.id));
    return rows.map((row) => ({ ...row.recipient, account: row.account, nickName: row.nickName, name: row.name, deletedAt: row.deletedAt, companyName: row.companyName }));
  }
}
