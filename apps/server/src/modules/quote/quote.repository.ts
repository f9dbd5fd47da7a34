import { and, asc, count, desc, eq, exists, gte, ilike, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyRoleName, CompanyStateName, QuoteStateName } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { escapeLike } from '../../shared/grams.js';
import { companies, companyMembers } from '../company/company.schema.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { sampleApplications } from '../sample-application/sample-application.schema.js';
import { quoteEvents, quoteRequestLines, quoteRequests, quoteRevisionLines, quoteRevisions } from './quote.schema.js';
import type { ProductTie } from '../change-notice/change-notice.audience.js';

export type QuoteRow = typeof quoteRequests.$inferSelect;
export type QuoteValues = Omit<typeof quoteRequests.$inferInsert, 'id' | 'number' | 'status'>;
export type QuoteLineRow = typeof quoteRequestLines.$inferSelect;
export type QuoteLineValues = Omit<typeof quoteRequestLines.$inferInsert, 'id' | 'requestId'>;
export type RevisionRow = typeof quoteRevisions.$inferSelect;
export type RevisionValues = Omit<typeof quoteRevisions.$inferInsert, 'id' | 'number'>;
export type RevisionLineRow = typeof quoteRevisionLines.$inferSelect;
export type RevisionLineValues = Omit<typeof quoteRevisionLines.$inferInsert, 'id' | 'revisionId'>;
export type EventRow = typeof quoteEvents.$inferSelect;
export type EventValues = Omit<typeof quoteEvents.$inferInsert, 'id'>;

/** A company membership as far as quotes care: which company, which roles. */
export interface QuoteMembership {
  companyId: number;
  roles: CompanyRoleName[];
}

/** The requests a page lists: whose, in which state, matching what. */
export interface QuoteFilter {
  /** The buyer's list: their own requests, and those of `companyId` when given. */
  viewer?: { userId: number; companyId?: number };
  status?: QuoteStateName;
  /** Part of the number, the company's name, the contact's name or a product's name. */
  keyword?: string;
}

/** A request with its current company's name and status (null: made without one). */
export type QuoteListRow = QuoteRow & { companyName: string | null; companyStatus: CompanyStateName | null };

/** A request whose newest revision is due for the expiry or the reminder job. */
export type DueQuote = { request: QuoteRow; revision: RevisionRow };

/** The newest revision of a request (the one the buyer answers), as a condition on a join. */
const isNewest = sql`${quoteRevisions.revision} = (select max(r.revision) from ${quoteRevisions} r where r.request_id = ${quoteRevisions.requestId})`;

/**
 * Price requests (`quote_requests`, their lines), the quotes sent for them (`quote_revisions`, their
 * lines) and their thread (`quote_events`). Reads the catalogue, companies and sample applications to
 * check a request; writes only its own tables.
 */
export class QuoteRepository {
  constructor(private readonly db: Db) {}

  /** Who asked for a price of the product, for the company they asked for. */
  async tiesTo(excipientId: number): Promise<ProductTie[]> {
    const rows = await this.db
      .selectDistinct({ userId: quoteRequests.userId, companyId: quoteRequests.companyId })
      .from(quoteRequests)
      .innerJoin(quoteRequestLines, eq(quoteRequestLines.requestId, quoteRequests.id))
      .where(eq(quoteRequestLines.excipientId, excipientId));
    return rows.map((row) => ({ ...row, reason: 'quoted' as const }));
  }

  private async nextval(table: string): Promise<number> {
    const [row] = await selectRows<{ id: number }>(this.db, sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`);
    return row!.id;
  }

  /** The id the next request gets (its number is made from it). */
  nextRequestId(): Promise<number> {
    return this.nextval('quote_requests');
  }

  /** The id the next revision gets (its number is made from it). */
  nextRevisionId(): Promise<number> {
    return this.nextval('quote_revisions');
  }

  async insert(id: number, number: string, values: QuoteValues, lines: QuoteLineValues[]): Promise<QuoteRow> {
    const [row] = await this.db.insert(quoteRequests).values({ ...values, id, number, status: 'pending' }).returning();
    await this.db.insert(quoteRequestLines).values(lines.map((line) => ({ ...line, requestId: id })));
    return row!;
  }

  /** A request; `lock` holds it until the transaction ends (one change of a request at a time). */
  async find(id: number, lock = false): Promise<QuoteRow | undefined> {
    const query = this.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async update(id: number, changes: Partial<Pick<QuoteRow, 'status'>>, at: Date): Promise<QuoteRow> {
    const [row] = await this.db
      .update(quoteRequests)
      .set({ ...changes, updatedAt: at })
      .where(eq(quoteRequests.id, id))
      .returning();
    return row!;
  }

  /** The lines of these requests, in the order asked. */
  async lines(requestIds: number[]): Promise<QuoteLineRow[]> {
    if (requestIds.length === 0) return [];
    return this.db.select().from(quoteRequestLines).where(inArray(quoteRequestLines.requestId, requestIds)).orderBy(asc(quoteRequestLines.id));
  }

  /** The revisions of a request, newest first. */
  async revisions(requestId: number): Promise<RevisionRow[]> {
    return this.db.select().from(quoteRevisions).where(eq(quoteRevisions.requestId, requestId)).orderBy(desc(quoteRevisions.revision));
  }

  /** The newest revision of each of these requests. */
  async newestRevisions(requestIds: number[]): Promise<RevisionRow[]> {
    if (requestIds.length === 0) return [];
    return this.db.select().from(quoteRevisions).where(and(inArray(quoteRevisions.requestId, requestIds), isNewest));
  }

  /** The lines of these revisions, in the order written. */
  async revisionLines(revisionIds: number[]): Promise<RevisionLineRow[]> {
    if (revisionIds.length === 0) return [];
    return this.db.select().from(quoteRevisionLines).where(inArray(quoteRevisionLines.revisionId, revisionIds)).orderBy(asc(quoteRevisionLines.id));
  }

  async insertRevision(id: number, number: string, values: RevisionValues, lines: RevisionLineValues[]): Promise<RevisionRow> {
    const [row] = await this.db.insert(quoteRevisions).values({ ...values, id, number }).returning();
    await this.db.insert(quoteRevisionLines).values(lines.map((line) => ({ ...line, revisionId: id })));
    return row!;
  }

  async markReminded(revisionId: number, at: Date): Promise<void> {
    await this.db.update(quoteRevisions).set({ remindedAt: at }).where(eq(quoteRevisions.id, revisionId));
  }

  /** The thread of a request, oldest first. */
  async events(requestId: number): Promise<EventRow[]> {
    return this.db.select().from(quoteEvents).where(eq(quoteEvents.requestId, requestId)).orderBy(asc(quoteEvents.id));
  }

  async addEvent(event: EventValues): Promise<void> {
    await this.db.insert(quoteEvents).values(event);
  }

  /** A page of requests with the total and the count per status (the status filter aside). */
  async page(filter: QuoteFilter, order: 'newest' | 'open first', limit: number, offset: number): Promise<{ rows: QuoteListRow[]; totalCount: number; counts: Array<{ status: QuoteStateName; n: number }> }> {
    const base: SQL[] = [];
    const { viewer } = filter;
    if (viewer) {
      const own = eq(quoteRequests.userId, viewer.userId);
      base.push(viewer.companyId === undefined ? own : or(own, eq(quoteRequests.companyId, viewer.companyId))!);
    }
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      const product = this.db
        .select({ one: sql`1` })
        .from(quoteRequestLines)
        .where(and(eq(quoteRequestLines.requestId, quoteRequests.id), ilike(quoteRequestLines.productName, pattern)));
      base.push(or(ilike(quoteRequests.number, pattern), ilike(companies.name, pattern), ilike(quoteRequests.contactName, pattern), exists(product))!);
    }
    const where = and(...base, ...(filter.status ? [eq(quoteRequests.status, filter.status)] : []));
    const ordering =
      order === 'open first'
        ? [sql`case when ${quoteRequests.status} in ('pending', 'revising') then 0 else 1 end`, desc(quoteRequests.updatedAt), desc(quoteRequests.id)]
        : [desc(quoteRequests.createdAt), desc(quoteRequests.id)];
    const [rows, [total], counts] = await Promise.all([
      this.db
        .select({ request: quoteRequests, companyName: companies.name, companyStatus: companies.status })
        .from(quoteRequests)
        .leftJoin(companies, eq(companies.id, quoteRequests.companyId))
        .where(where)
        .orderBy(...ordering)
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(quoteRequests).leftJoin(companies, eq(companies.id, quoteRequests.companyId)).where(where),
      this.db
        .select({ status: quoteRequests.status, n: count() })
        .from(quoteRequests)
        .leftJoin(companies, eq(companies.id, quoteRequests.companyId))
        .where(and(...base))
        .groupBy(quoteRequests.status),
    ]);
    return { rows: rows.map((row) => ({ ...row.request, companyName: row.companyName, companyStatus: row.companyStatus })), totalCount: total?.n ?? 0, counts };
  }

  // ——— what a request is checked against ———

  /** The user's company and roles in it (a user belongs to one company at most). */
  async membershipOf(userId: number): Promise<QuoteMembership | undefined> {
    const [row] = await this.db.select({ companyId: companyMembers.companyId, roles: companyMembers.roles }).from(companyMembers).where(eq(companyMembers.userId, userId));
    return row;
  }

  /** The members of a company holding its 管理员 role. */
  async companyAdminIds(companyId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), sql`'admin' = any(${companyMembers.roles})`));
    return rows.map((row) => row.userId);
  }

  async company(id: number): Promise<{ id: number; name: string; status: CompanyStateName } | undefined> {
    const [row] = await this.db.select({ id: companies.id, name: companies.name, status: companies.status }).from(companies).where(eq(companies.id, id));
    return row;
  }

  /** Products of the catalogue by id, whether published or not, with their 危险化学品 transport terms. */
  async products(ids: number[]): Promise<Array<{ id: number; nameZh: string; published: boolean; dangerousGoods: string | null }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: excipients.id, nameZh: excipients.nameZh, published: excipients.published, dangerousGoods: excipients.dangerousGoods })
      .from(excipients)
      .where(inArray(excipients.id, ids));
  }

  /** Grades and packagings (specs) by id. */
  async specs(ids: number[]): Promise<Array<{ id: number; excipientId: number; grade: string; packSize: string }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: excipientSpecs.id, excipientId: excipientSpecs.excipientId, grade: excipientSpecs.grade, packSize: excipientSpecs.packSize })
      .from(excipientSpecs)
      .where(inArray(excipientSpecs.id, ids));
  }

  async sampleApplication(id: number): Promise<{ id: number; userId: number; number: string; status: string } | undefined> {
    const [row] = await this.db
      .select({ id: sampleApplications.id, userId: sampleApplications.userId, number: sampleApplications.number, status: sampleApplications.status })
      .from(sampleApplications)
      .where(eq(sampleApplications.id, id));
    return row;
  }

  async sampleApplicationNumber(id: number): Promise<string | undefined> {
    const [row] = await this.db.select({ number: sampleApplications.number }).from(sampleApplications).where(eq(sampleApplications.id, id));
    return row?.number;
  }

  // ——— the jobs ———

  /** Quoted requests whose newest revision's last valid day is before `today`. */
  async dueToExpire(today: string, limit: number): Promise<DueQuote[]> {
    return this.db
      .select({ request: quoteRequests, revision: quoteRevisions })
      .from(quoteRequests)
      .innerJoin(quoteRevisions, eq(quoteRevisions.requestId, quoteRequests.id))
      .where(and(eq(quoteRequests.status, 'quoted'), isNewest, lt(quoteRevisions.validUntil, today)))
      .orderBy(asc(quoteRequests.id))
      .limit(limit);
  }

  /** Quoted requests whose newest revision runs out from `today` to `last`, the buyer not yet reminded of it. */
  async dueForReminder(today: string, last: string, limit: number): Promise<DueQuote[]> {
    return this.db
      .select({ request: quoteRequests, revision: quoteRevisions })
      .from(quoteRequests)
      .innerJoin(quoteRevisions, eq(quoteRevisions.requestId, quoteRequests.id))
      .where(and(eq(quoteRequests.status, 'quoted'), isNewest, gte(quoteRevisions.validUntil, today), lte(quoteRevisions.validUntil, last), isNull(quoteRevisions.remindedAt)))
      .orderBy(asc(quoteRequests.id))
      .limit(limit);
  }

  // ——— deleting an account ———

  /** The first of the user's requests in one of these states, and how many there are. */
  async openOf(userId: number, states: readonly QuoteStateName[]): Promise<{ first?: QuoteRow; count: number }> {
    const where = and(eq(quoteRequests.userId, userId), inArray(quoteRequests.status, [...states]));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(quoteRequests).where(where).orderBy(asc(quoteRequests.id)).limit(1),
      this.db.select({ n: count() }).from(quoteRequests).where(where),
    ]);
    return { first: rows[0], count: total?.n ?? 0 };
  }

  /** The contacts of the user's requests (deleting the account masks them). */
  async contactsOf(userId: number): Promise<Array<Pick<QuoteRow, 'id' | 'contactName' | 'contactPhone'>>> {
    return this.db
      .select({ id: quoteRequests.id, contactName: quoteRequests.contactName, contactPhone: quoteRequests.contactPhone })
      .from(quoteRequests)
      .where(eq(quoteRequests.userId, userId));
  }

  async setContact(id: number, contact: Pick<QuoteRow, 'contactName' | 'contactPhone'>): Promise<void> {
    await this.db.update(quoteRequests).set(contact).where(eq(quoteRequests.id, id));
  }

  /** Renames the user in every thread (their entries) and on every quote they sent. */
  async renamePerson(userId: number, name: string): Promise<void> {
    await this.db.update(quoteEvents).set({ actorName: name }).where(eq(quoteEvents.actorId, userId));
    await this.db
      .update(quoteRevisions)
      .set({ quotedByName: name })
      .where(and(eq(quoteRevisions.quotedBy, userId), ne(quoteRevisions.quotedByName, name)));
  }
}
