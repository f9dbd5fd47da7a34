import { and, count, desc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type { InvoiceStatus } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { users } from '../account/account.schema.js';
import { companies } from '../company/company.schema.js';
import { orders } from '../order/order.schema.js';
import { salesOrders } from '../sales-order/sales-order.schema.js';
import { invoices, invoiceTitles } from './invoice.schema.js';

export type InvoiceTitleRow = typeof invoiceTitles.$inferSelect;
export type InvoiceTitleValues = Omit<typeof invoiceTitles.$inferInsert, 'id' | 'userId' | 'companyId' | 'createdAt' | 'updatedAt'>;
/** A title with the name of the company it belongs to (null for a user's own). */
export type InvoiceTitleView = InvoiceTitleRow & { companyName: string | null };

/** The user's own titles (not those they added to a company). */
const personalTitles = (userId: number) => and(eq(invoiceTitles.userId, userId), isNull(invoiceTitles.companyId));
/** The user's own titles, and the company's (`companyId`) when given. */
const titlesOf = (userId: number, companyId: number | null) =>
  companyId === null ? personalTitles(userId) : or(personalTitles(userId), eq(invoiceTitles.companyId, companyId));
export type InvoiceRow = typeof invoices.$inferSelect;
/** An invoice with its order's number and name — an order of a plan or a sales order — (and, for the desk, the buyer's account). */
export type InvoiceView = InvoiceRow & { orderNumber: string; orderName: string; account: string };

const viewOf = (row: { invoice: InvoiceRow; orderNumber: string; orderName: string; account: string }): InvoiceView => ({
  ...row.invoice,
  orderNumber: row.orderNumber,
  orderName: row.orderName,
  account: row.account,
});

/** Invoice titles (`invoice_titles`) and invoices (`invoices`). */
export class InvoiceRepository {
  constructor(private readonly db: Db) {}

  private selectTitles() {
    return this.db
      .select({ title: invoiceTitles, companyName: companies.name })
      .from(invoiceTitles)
      .leftJoin(companies, eq(companies.id, invoiceTitles.companyId));
  }

  /** The user's titles, then the company's (`companyId`) when given; the newest change first. */
  async titles(userId: number, companyId: number | null = null): Promise<InvoiceTitleView[]> {
    const rows = await this.selectTitles()
      .where(titlesOf(userId, companyId))
      .orderBy(isNull(invoiceTitles.companyId), desc(invoiceTitles.updatedAt), desc(invoiceTitles.id));
    return rows.map((row) => ({ ...row.title, companyName: row.companyName }));
  }

  /** The user's own title, or the company's (`companyId`); any other is not found. */
  async title(userId: number, id: number, companyId: number | null = null): Promise<InvoiceTitleView | undefined> {
    const [row] = await this.selectTitles().where(and(eq(invoiceTitles.id, id), titlesOf(userId, companyId)));
    return row ? { ...row.title, companyName: row.companyName } : undefined;
  }

  /** How many titles the user keeps of their own, or the company (`companyId`). */
  async countTitles(userId: number, companyId: number | null = null): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(invoiceTitles)
      .where(companyId === null ? personalTitles(userId) : eq(invoiceTitles.companyId, companyId));
    return row?.n ?? 0;
  }

  async insertTitle(userId: number, values: InvoiceTitleValues, companyId: number | null = null): Promise<InvoiceTitleRow> {
    const [row] = await this.db.insert(invoiceTitles).values({ ...values, userId, companyId }).returning();
    return row!;
  }

  async updateTitle(id: number, values: InvoiceTitleValues): Promise<InvoiceTitleRow> {
    const [row] = await this.db
      .update(invoiceTitles)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(invoiceTitles.id, id))
      .returning();
    return row!;
  }

  async deleteTitle(id: number): Promise<void> {
    await this.db.delete(invoiceTitles).where(eq(invoiceTitles.id, id));
  }

  private views() {
    return this.db
      .select({
        invoice: invoices,
        orderNumber: sql<string>`coalesce(${orders.number}, ${salesOrders.number})`,
        orderName: sql<string>`coalesce(${orders.name}, ${invoices.subjectName}, '')`,
        account: users.account,
      })
      .from(invoices)
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(salesOrders, eq(salesOrders.id, invoices.salesOrderId))
      .innerJoin(users, eq(users.id, invoices.userId));
  }

  /** A page of invoices: one user's, or (the desk) everyone's of a status. */
  async page(filter: { userId?: number; status?: InvoiceStatus }, limit: number, offset: number): Promise<{ rows: InvoiceView[]; totalCount: number }> {
    const where = and(filter.userId === undefined ? undefined : eq(invoices.userId, filter.userId), filter.status ? eq(invoices.status, filter.status) : undefined);
    const [rows, [total]] = await Promise.all([
      this.views().where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(invoices).where(where),
    ]);
    return { rows: rows.map(viewOf), totalCount: total?.n ?? 0 };
  }

  async find(id: number, userId?: number): Promise<InvoiceView | undefined> {
    const [row] = await this.views().where(and(eq(invoices.id, id), userId === undefined ? undefined : eq(invoices.userId, userId)));
    return row && viewOf(row);
  }

  /** The invoices of these orders (at most one each), for the buyer's order list. */
  ofOrders(orderIds: readonly number[]): Promise<InvoiceRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(invoices).where(inArray(invoices.orderId, [...orderIds]));
  }

  async findByOrder(orderId: number): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.orderId, orderId)).for('update');
    return row;
  }

  /** The invoice of a sales order, locked (at most one). */
  async findBySalesOrder(salesOrderId: number): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.salesOrderId, salesOrderId)).for('update');
    return row;
  }

  /** The invoices of these sales orders (at most one each). */
  ofSalesOrders(salesOrderIds: readonly number[]): Promise<InvoiceRow[]> {
    if (salesOrderIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(invoices).where(inArray(invoices.salesOrderId, [...salesOrderIds]));
  }

  async insert(values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    const [row] = await this.db.insert(invoices).values(values).returning();
    return row!;
  }

  async update(id: number, changes: Partial<Omit<InvoiceRow, 'id' | 'userId' | 'orderId' | 'salesOrderId' | 'createdAt'>>, at: Date): Promise<InvoiceRow> {
    const [row] = await this.db
      .update(invoices)
      .set({ ...changes, updatedAt: at })
      .where(eq(invoices.id, id))
      .returning();
    return row!;
  }

  /** The user's invoice requests finance has not answered yet, with their orders' numbers. */
  async requestedOf(userId: number): Promise<string[]> {
    const rows = await this.views()
      .where(and(eq(invoices.userId, userId), eq(invoices.status, 'requested')))
      .orderBy(invoices.id);
    return rows.map((row) => row.orderNumber);
  }

  async deleteTitlesOf(userId: number): Promise<void> {
    await this.db.delete(invoiceTitles).where(personalTitles(userId));
  }

  /**
   * What the user's invoices keep after the account is deleted: an issued (or reversed) invoice keeps
   * the title as invoiced without its delivery e-mail and address/phone; a rejected request keeps
   * nothing of the title and no file. Answers the files of the invoices that are kept.
   */
  async eraseHolder(userId: number, at: Date): Promise<string[]> {
    const invoiced = inArray(invoices.status, ['issued', 'reversed']);
    const kept = await this.db
      .update(invoices)
      .set({ email: '', addressPhone: null, updatedAt: at })
      .where(and(eq(invoices.userId, userId), invoiced))
      .returning({ fileKey: invoices.fileKey });
    await this.db
      .update(invoices)
      .set({ titleName: '', taxId: null, addressPhone: null, bankAccount: null, email: '', fileKey: null, fileType: null, updatedAt: at })
      .where(and(eq(invoices.userId, userId), not(invoiced)));
    return kept.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
  }

  async lock(id: number): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id)).for('update');
    return row;
  }
}
