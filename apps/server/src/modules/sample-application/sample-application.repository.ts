import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ApplicationStatus } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { sampleApplicationEvents, sampleApplicationItems, sampleApplications } from './sample-application.schema.js';
import type { ProductTie } from '../change-notice/change-notice.audience.js';

export type ApplicationRow = typeof sampleApplications.$inferSelect;
export type ApplicationValues = Omit<typeof sampleApplications.$inferInsert, 'id' | 'number' | 'userId' | 'status'>;
export type ApplicationItemRow = typeof sampleApplicationItems.$inferSelect;
export type ApplicationItemValues = Omit<typeof sampleApplicationItems.$inferInsert, 'id' | 'applicationId'>;
export type ApplicationEventRow = typeof sampleApplicationEvents.$inferSelect;
export type ApplicationEventValues = Omit<typeof sampleApplicationEvents.$inferInsert, 'id' | 'createdAt'>;

export interface ApplicationFilter {
  /** Only this user's applications (the member pages); all users' when absent (the staff pages). */
  userId?: number;
  /** Only the applications made for this company (by its members, while members). */
  companyId?: number;
  status?: ApplicationStatus;
  /** Part of the number, company, contact name or mobile. */
  keyword?: string;
}

/** `%` and `_` in a keyword are matched as themselves. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a company's sample applications of a period use of its allowance, as columns of another query
 * (the company module reads them with the company's row): the applications made from `since` until
 * `until` that were not withdrawn or rejected, and the sample items in them; `except` leaves out one
 * application (the one being changed).
 */
export function companySampleUse(companyId: AnyPgColumn, since: Date, until: Date, except?: number): { applications: SQL<number>; items: SQL<number> } {
  const counted = and(
    eq(sampleApplications.companyId, companyId),
    gte(sampleApplications.createdAt, since),
    lt(sampleApplications.createdAt, until),
    notInArray(sampleApplications.status, ['withdrawn', 'rejected']),
    except === undefined ? undefined : ne(sampleApplications.id, except),
  );
  return {
    applications: sql<number>`(select count(*)::int from ${sampleApplications} where ${counted})`.mapWith(Number),
    items: sql<number>`(select count(*)::int from ${sampleApplicationItems} join ${sampleApplications} on ${eq(sampleApplications.id, sampleApplicationItems.applicationId)} where ${counted})`.mapWith(Number),
  };
}

/** Sample applications with their items (copies of the product names) and events (the history). */
export class SampleApplicationRepository {
  constructor(private readonly db: Db) {}

  /** Who applied for a sample of the product (applications neither withdrawn nor rejected), for the company they applied for. */
  async tiesTo(excipientId: number): Promise<ProductTie[]> {
    const rows = await this.db
      .selectDistinct({ userId: sampleApplications.userId, companyId: sampleApplications.companyId })
      .from(sampleApplications)
      .innerJoin(sampleApplicationItems, eq(sampleApplicationItems.applicationId, sampleApplications.id))
      .where(and(eq(sampleApplicationItems.excipientId, excipientId), notInArray(sampleApplications.status, ['withdrawn', 'rejected'])));
    return rows.map((row) => ({ ...row, reason: 'sampled' as const }));
  }

  /** Applications per status (all time), and those made since `since` per day in Beijing. */
  async statistics(since: Date): Promise<{ byStatus: Array<{ status: ApplicationStatus; n: number }>; byDay: Array<{ day: string; n: number }> }> {
    const day = sql<string>`to_char(${sampleApplications.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
    const [byStatus, byDay] = await Promise.all([
      this.db.select({ status: sampleApplications.status, n: count() }).from(sampleApplications).groupBy(sampleApplications.status),
      this.db
        .select({ day, n: count() })
        .from(sampleApplications)
        .where(gte(sampleApplications.createdAt, since))
        .groupBy(day)
        .orderBy(day),
    ]);
    return { byStatus, byDay };
  }

  /** How many applications each of these users has made. */
  async countsByUser(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: sampleApplications.userId, n: count() })
      .from(sampleApplications)
      .where(inArray(sampleApplications.userId, [...userIds]))
      .groupBy(sampleApplications.userId);
    return new Map(rows.map((row) => [row.userId, row.n]));
  }

  async countOf(userId: number, status?: ApplicationStatus): Promise<number> {
    const where = status
      ? and(eq(sampleApplications.userId, userId), eq(sampleApplications.status, status))
      : eq(sampleApplications.userId, userId);
    const [row] = await this.db.select({ n: count() }).from(sampleApplications).where(where);
    return row?.n ?? 0;
  }

  /** The id the next application gets (its number is made from it). */
  async nextId(): Promise<number> {
    const [row] = await selectRows<{ id: number }>(
      this.db,
      sql`select nextval(pg_get_serial_sequence('sample_applications', 'id'))::int as id`,
    );
    return row!.id;
  }

  async insert(id: number, number: string, userId: number, values: ApplicationValues): Promise<ApplicationRow> {
    const [row] = await this.db.insert(sampleApplications).values({ ...values, id, number, userId, status: 'submitted' }).returning();
    return row!;
  }

  async update(id: number, values: ApplicationValues): Promise<ApplicationRow> {
    const [row] = await this.db.update(sampleApplications).set(values).where(eq(sampleApplications.id, id)).returning();
    return row!;
  }

  async replaceItems(applicationId: number, items: ApplicationItemValues[]): Promise<void> {
    await this.db.delete(sampleApplicationItems).where(eq(sampleApplicationItems.applicationId, applicationId));
    if (items.length > 0) await this.db.insert(sampleApplicationItems).values(items.map((item) => ({ ...item, applicationId })));
  }

  async addEvent(event: ApplicationEventValues): Promise<void> {
    await this.db.insert(sampleApplicationEvents).values(event);
  }

  /** An application (only the user's when `userId` is given); `lock` holds it until the transaction ends. */
  async find(id: number, userId?: number, lock = false): Promise<ApplicationRow | undefined> {
    const where = userId === undefined ? eq(sampleApplications.id, id) : and(eq(sampleApplications.id, id), eq(sampleApplications.userId, userId));
    const query = this.db.select().from(sampleApplications).where(where);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /**
   * Moves an application from one of `from` to `to` in one conditional UPDATE, so that of two
   * concurrent changes only one can succeed; undefined when it is not (or no longer) in `from`.
   */
  async transition(
    id: number,
    from: readonly ApplicationStatus[],
    to: ApplicationStatus,
    changes: Partial<Pick<ApplicationRow, 'rejectReason' | 'carrier' | 'trackingNumber'>>,
    userId?: number,
  ): Promise<ApplicationRow | undefined> {
    const conditions = [eq(sampleApplications.id, id), inArray(sampleApplications.status, [...from])];
    if (userId !== undefined) conditions.push(eq(sampleApplications.userId, userId));
    const [row] = await this.db
      .update(sampleApplications)
      .set({ ...changes, status: to, updatedAt: new Date() })
      .where(and(...conditions))
      .returning();
    return row;
  }

  /** Records the batch (and its COA) of each shipped item of the application. */
  async setBatches(applicationId: number, batches: Array<{ itemId: number; batchNumber: string; coaKey: string | null; batchId: number | null }>): Promise<void> {
    for (const batch of batches) {
      await this.db
        .update(sampleApplicationItems)
        .set({ batchNumber: batch.batchNumber, coaKey: batch.coaKey, batchId: batch.batchId })
        .where(and(eq(sampleApplicationItems.id, batch.itemId), eq(sampleApplicationItems.applicationId, applicationId)));
    }
  }

  /** Items of these applications, in the order they were applied for. */
  async items(applicationIds: number[]): Promise<ApplicationItemRow[]> {
    if (applicationIds.length === 0) return [];
    return this.db
      .select()
      .from(sampleApplicationItems)
      .where(inArray(sampleApplicationItems.applicationId, applicationIds))
      .orderBy(asc(sampleApplicationItems.id));
  }

  /** The history of an application, oldest first. */
  async events(applicationId: number): Promise<ApplicationEventRow[]> {
    return this.db
      .select()
      .from(sampleApplicationEvents)
      .where(eq(sampleApplicationEvents.applicationId, applicationId))
      .orderBy(asc(sampleApplicationEvents.id));
  }

  /** A page of applications, newest first, with the total and the count per status (the status filter aside). */
  async page(filter: ApplicationFilter, limit: number, offset: number) {
    const base: SQL[] = [];
    if (filter.userId !== undefined) base.push(eq(sampleApplications.userId, filter.userId));
    if (filter.companyId !== undefined) base.push(eq(sampleApplications.companyId, filter.companyId));
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      base.push(
        or(
          ilike(sampleApplications.number, pattern),
          ilike(sampleApplications.company, pattern),
          ilike(sampleApplications.contactName, pattern),
          ilike(sampleApplications.mobile, pattern),
        )!,
      );
    }
    const where = and(...base, ...(filter.status ? [eq(sampleApplications.status, filter.status)] : []));
    const [rows, [total], counts] = await Promise.all([
      this.db
        .select()
        .from(sampleApplications)
        .where(where)
        .orderBy(desc(sampleApplications.createdAt), desc(sampleApplications.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(sampleApplications).where(where),
      this.db
        .select({ status: sampleApplications.status, n: count() })
        .from(sampleApplications)
        .where(and(...base))
        .groupBy(sampleApplications.status),
    ]);
    return { rows, totalCount: total?.n ?? 0, counts };
  }

  /** How many of the user's applications are in one of these statuses. */
  async countIn(userId: number, statuses: readonly ApplicationStatus[]): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(sampleApplications)
      .where(and(eq(sampleApplications.userId, userId), inArray(sampleApplications.status, [...statuses])));
    return row?.n ?? 0;
  }

  /** The contact details of every application of the user (deleting the account masks them). */
  async contactsOf(userId: number): Promise<Array<Pick<ApplicationRow, 'id' | 'contactName' | 'mobile' | 'email' | 'address'>>> {
    return this.db
      .select({
        id: sampleApplications.id,
        contactName: sampleApplications.contactName,
        mobile: sampleApplications.mobile,
        email: sampleApplications.email,
        address: sampleApplications.address,
      })
      .from(sampleApplications)
      .where(eq(sampleApplications.userId, userId));
  }

  /** Replaces an application's contact details (not its status, items or history). */
  async setContact(
    id: number,
    contact: Pick<ApplicationRow, 'contactName' | 'mobile' | 'email' | 'address' | 'notes'>,
  ): Promise<void> {
    await this.db.update(sampleApplications).set(contact).where(eq(sampleApplications.id, id));
  }

  /** Renames the user in the history of every application (events the user made). */
  async renameActor(userId: number, actorName: string): Promise<void> {
    await this.db.update(sampleApplicationEvents).set({ actorName }).where(eq(sampleApplicationEvents.actorId, userId));
  }
}
