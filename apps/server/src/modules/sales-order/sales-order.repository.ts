import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyRoleName, CompanyStateName, SalesOrderStateName } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { escapeLike } from '../../shared/grams.js';
import { companies, companyMembers } from '../company/company.schema.js';
import { quoteRequests, quoteRevisions } from '../quote/quote.schema.js';
import { salesOrderEvents, salesOrderLines, salesOrders } from './sales-order.schema.js';
import type { ProductTie } from '../change-notice/change-notice.audience.js';

export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesOrderValues = Omit<typeof salesOrders.$inferInsert, 'id' | 'number' | 'status'>;
export type SalesOrderLineRow = typeof salesOrderLines.$inferSelect;
export type SalesOrderLineValues = Omit<typeof salesOrderLines.$inferInsert, 'id' | 'orderId'>;
export type SalesOrderEventRow = typeof salesOrderEvents.$inferSelect;
export type SalesOrderEventValues = Omit<typeof salesOrderEvents.$inferInsert, 'id'>;
/** What a step may change on an order. */
export type SalesOrderChanges = Partial<Omit<SalesOrderRow, 'id' | 'number' | 'quoteId' | 'revisionId' | 'userId' | 'companyId' | 'createdAt' | 'updatedAt'>>;

/** A company membership as far as orders care: which company, which roles. */
export interface SalesOrderMembership {
  companyId: number;
  roles: CompanyRoleName[];
}

export interface SalesOrderFilter {
  /** The buyer's list: their own orders, and those of `companyId` when given. */
  viewer?: { userId: number; companyId?: number };
  status?: SalesOrderStateName;
  /** Part of the order's or the quote's number, the company's name, the remittance code or the contract number. */
  keyword?: string;
}

/** An order with its company's name and status, and the numbers of its quote and revision. */
export type SalesOrderListRow = SalesOrderRow & {
  companyName: string | null;
  companyStatus: CompanyStateName | null;
  quoteNumber: string;
  revisionNumber: string;
  revision: number;
};

/** Sales orders (`sales_orders`), their lines and their history. Reads companies and quotes' numbers. */
export class SalesOrderRepository {
  constructor(private readonly db: Db) {}

  /** Who bought the product (orders not cancelled), for the company they bought for. */
  async tiesTo(excipientId: number): Promise<ProductTie[]> {
    const rows = await this.db
      .selectDistinct({ userId: salesOrders.userId, companyId: salesOrders.companyId })
      .from(salesOrders)
      .innerJoin(salesOrderLines, eq(salesOrderLines.orderId, salesOrders.id))
      .where(and(eq(salesOrderLines.excipientId, excipientId), sql`${salesOrders.status} <> 'cancelled'`));
    return rows.map((row) => ({ ...row, reason: 'bought' as const }));
  }

  /** The id the next order gets (its number is made from it). */
  async nextId(): Promise<number> {
    const [row] = await selectRows<{ id: number }>(this.db, sql`select nextval(pg_get_serial_sequence('sales_orders', 'id'))::int as id`);
    return row!.id;
  }

  async insert(id: number, number: string, values: SalesOrderValues, lines: SalesOrderLineValues[]): Promise<SalesOrderRow> {
    const [row] = await this.db.insert(salesOrders).values({ ...values, id, number, status: 'contract' }).returning();
    await this.db.insert(salesOrderLines).values(lines.map((line) => ({ ...line, orderId: id })));
    return row!;
  }

  /** The sales order made from a price request, if any. */
  async idOfQuote(quoteId: number): Promise<number | undefined> {
    const [row] = await this.db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.quoteId, quoteId));
    return row?.id;
  }

  async remittanceCodeTaken(code: string): Promise<boolean> {
    const [row] = await this.db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.remittanceCode, code));
    return row !== undefined;
  }

  private listed() {
    return this.db
      .select({
        order: salesOrders,
        companyName: companies.name,
        companyStatus: companies.status,
        quoteNumber: quoteRequests.number,
        revisionNumber: quoteRevisions.number,
        revision: quoteRevisions.revision,
      })
      .from(salesOrders)
      .innerJoin(quoteRequests, eq(quoteRequests.id, salesOrders.quoteId))
      .innerJoin(quoteRevisions, eq(quoteRevisions.id, salesOrders.revisionId))
      .leftJoin(companies, eq(companies.id, salesOrders.companyId));
  }

  private static row(row: { order: SalesOrderRow; companyName: string | null; companyStatus: CompanyStateName | null; quoteNumber: string; revisionNumber: string; revision: number }): SalesOrderListRow {
    const { order, ...rest } = row;
    return { ...order, ...rest };
  }

  /** An order with its names; `lock` holds the order until the transaction ends (one step at a time). */
  async find(id: number, lock = false): Promise<SalesOrderListRow | undefined> {
    if (lock) await this.db.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.id, id)).for('update');
    const [row] = await this.listed().where(eq(salesOrders.id, id));
    return row && SalesOrderRepository.row(row);
  }

  async update(id: number, changes: SalesOrderChanges, at: Date): Promise<SalesOrderRow> {
    const [row] = await this.db
      .update(salesOrders)
      .set({ ...changes, updatedAt: at })
      .where(eq(salesOrders.id, id))
      .returning();
    return row!;
  }

  async lines(orderIds: number[]): Promise<SalesOrderLineRow[]> {
    if (orderIds.length === 0) return [];
    return this.db.select().from(salesOrderLines).where(inArray(salesOrderLines.orderId, orderIds)).orderBy(asc(salesOrderLines.id));
  }

  async setBatches(lineId: number, batchNumbers: string[]): Promise<void> {
    await this.db.update(salesOrderLines).set({ batchNumbers }).where(eq(salesOrderLines.id, lineId));
  }

  async events(orderId: number): Promise<SalesOrderEventRow[]> {
    return this.db.select().from(salesOrderEvents).where(eq(salesOrderEvents.orderId, orderId)).orderBy(asc(salesOrderEvents.id));
  }

  async addEvent(event: SalesOrderEventValues): Promise<void> {
    await this.db.insert(salesOrderEvents).values(event);
  }

  /** A page of orders with the total and the count per status (the status filter aside). */
  async page(filter: SalesOrderFilter, order: 'newest' | 'open first', limit: number, offset: number): Promise<{ rows: SalesOrderListRow[]; totalCount: number; counts: Array<{ status: SalesOrderStateName; n: number }> }> {
    const base: SQL[] = [];
    const { viewer } = filter;
    if (viewer) {
      const own = eq(salesOrders.userId, viewer.userId);
      base.push(viewer.companyId === undefined ? own : or(own, eq(salesOrders.companyId, viewer.companyId))!);
    }
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      const product = this.db
        .select({ one: sql`1` })
        .from(salesOrderLines)
        .where(and(eq(salesOrderLines.orderId, salesOrders.id), ilike(salesOrderLines.productName, pattern)));
      base.push(
        or(
          ilike(salesOrders.number, pattern),
          ilike(quoteRequests.number, pattern),
          ilike(companies.name, pattern),
          ilike(salesOrders.remittanceCode, pattern),
          ilike(salesOrders.contractNumber, pattern),
          exists(product),
        )!,
      );
    }
    const where = and(...base, ...(filter.status ? [eq(salesOrders.status, filter.status)] : []));
    const ordering =
      order === 'open first'
        ? [sql`case when ${salesOrders.status} in ('completed', 'cancelled') then 1 else 0 end`, desc(salesOrders.updatedAt), desc(salesOrders.id)]
        : [desc(salesOrders.createdAt), desc(salesOrders.id)];
    const [rows, [total], counts] = await Promise.all([
      this.listed().where(where).orderBy(...ordering).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(salesOrders).innerJoin(quoteRequests, eq(quoteRequests.id, salesOrders.quoteId)).leftJoin(companies, eq(companies.id, salesOrders.companyId)).where(where),
      this.db
        .select({ status: salesOrders.status, n: count() })
        .from(salesOrders)
        .innerJoin(quoteRequests, eq(quoteRequests.id, salesOrders.quoteId))
        .leftJoin(companies, eq(companies.id, salesOrders.companyId))
        .where(and(...base))
        .groupBy(salesOrders.status),
    ]);
    return { rows: rows.map((row) => SalesOrderRepository.row(row)), totalCount: total?.n ?? 0, counts };
  }

  // ——— who is asking ———

  /** The user's company and roles in it (a user belongs to one company at most). */
  async membershipOf(userId: number): Promise<SalesOrderMembership | undefined> {
    const [row] = await this.db.select({ companyId: companyMembers.companyId, roles: companyMembers.roles }).from(companyMembers).where(eq(companyMembers.userId, userId));
    return row;
  }

  /** The members of a company holding one of these roles. */
  async companyMemberIds(companyId: number, roles: readonly CompanyRoleName[]): Promise<number[]> {
    const rows = await this.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), or(...roles.map((role) => sql`${role} = any(${companyMembers.roles})`))));
    return rows.map((row) => row.userId);
  }

  // ——— deleting an account ———

  /** The first of the user's orders in one of these states, and how many there are. */
  async openOf(userId: number, states: readonly SalesOrderStateName[]): Promise<{ first?: SalesOrderRow; count: number }> {
    const where = and(eq(salesOrders.userId, userId), inArray(salesOrders.status, [...states]));
    const [rows, [total]] = await Promise.all([
      this.db.select().from(salesOrders).where(where).orderBy(asc(salesOrders.id)).limit(1),
      this.db.select({ n: count() }).from(salesOrders).where(where),
    ]);
    return { first: rows[0], count: total?.n ?? 0 };
  }

  async contactsOf(userId: number): Promise<Array<Pick<SalesOrderRow, 'id' | 'contactName' | 'contactPhone'>>> {
    return this.db
      .select({ id: salesOrders.id, contactName: salesOrders.contactName, contactPhone: salesOrders.contactPhone })
      .from(salesOrders)
      .where(eq(salesOrders.userId, userId));
  }

  async setContact(id: number, contact: Pick<SalesOrderRow, 'contactName' | 'contactPhone'>): Promise<void> {
    await this.db.update(salesOrders).set(contact).where(eq(salesOrders.id, id));
  }

  async renamePerson(userId: number, name: string): Promise<void> {
    await this.db.update(salesOrderEvents).set({ actorName: name }).where(eq(salesOrderEvents.actorId, userId));
  }
}
