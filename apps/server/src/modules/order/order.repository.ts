import { and, count, desc, eq, gt, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, PaymentMethod } from '@fuliaotong/contracts';
import { selectRows, type Db } from '../../db/database.js';
import { users } from '../account/account.schema.js';
import { escapeLike } from '../../shared/grams.js';
import { orders, payments } from './order.schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderChanges = Partial<Omit<OrderRow, 'id' | 'number' | 'userId' | 'createdAt'>>;
export type PaymentRow = typeof payments.$inferSelect;
/** An order with its buyer, as the orders desk lists it. */
export type AdminOrderRow = OrderRow & { account: string; buyerName: string };

export interface AdminOrderFilter {
  status?: OrderStatus;
  method?: PaymentMethod;
  /** Part of the order number, the buyer's account or the remittance code. */
  keyword?: string;
}

/** Orders (`orders`) and the payments and refunds recorded against them (`payments`). */
export class OrderRepository {
  constructor(private readonly db: Db) {}

  /** The id the next order gets (its number is made from it). */
  async nextId(): Promise<number> {
    const [row] = await selectRows<{ id: number }>(this.db, sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
    return row!.id;
  }

  async insert(values: NewOrder): Promise<OrderRow> {
    const [row] = await this.db.insert(orders).values(values).returning();
    return row!;
  }

  /** One order; only the user's own when `userId` is given; locked for the transaction when `lock`. */
  async find(id: number, userId?: number, lock = false): Promise<OrderRow | undefined> {
    const query = this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), userId === undefined ? undefined : eq(orders.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  /** The order of a number, locked for the transaction (a payment is being applied to it). */
  async findByNumberForUpdate(number: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.select().from(orders).where(eq(orders.number, number)).for('update');
    return row;
  }

  async update(id: number, changes: OrderChanges, at: Date): Promise<OrderRow> {
    const [row] = await this.db
      .update(orders)
      .set({ ...changes, updatedAt: at })
      .where(eq(orders.id, id))
      .returning();
    return row!;
  }

  /** A page of the buyer's orders, or (`{ companyId }`) of those the company's members placed while members; newest first. */
  async page(whose: number | { companyId: number }, status: OrderStatus | undefined, limit: number, offset: number): Promise<{ rows: OrderRow[]; totalCount: number }> {
    const owner = typeof whose === 'number' ? eq(orders.userId, whose) : eq(orders.companyId, whose.companyId);
    const where = and(owner, status ? eq(orders.status, status) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows, totalCount: total?.n ?? 0 };
  }

  /** A page of every buyer's orders, newest first (the orders desk reads the buyer's account in a join). */
  async adminPage(filter: AdminOrderFilter, limit: number, offset: number): Promise<{ rows: AdminOrderRow[]; totalCount: number }> {
    const conditions: SQL[] = [];
    if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.method) conditions.push(eq(orders.method, filter.method));
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(ilike(orders.number, pattern), ilike(users.account, pattern), ilike(orders.remittanceCode, pattern))!);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ order: orders, account: users.account, buyerName: users.name })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.order, account: row.account, buyerName: row.buyerName })), totalCount: total?.n ?? 0 };
  }

  async findWithBuyer(id: number): Promise<AdminOrderRow | undefined> {
    const [row] = await this.db
      .select({ order: orders, account: users.account, buyerName: users.name })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id));
    return row && { ...row.order, account: row.account, buyerName: row.buyerName };
  }

  async countOf(userId: number, statuses: OrderStatus[]): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, statuses)));
    return row?.n ?? 0;
  }

  /** Unpaid orders past their deadline, oldest deadline first (each is locked again when it is closed). */
  async dueToClose(now: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
      .orderBy(orders.expiresAt)
      .limit(limit);
  }

  async remittanceCodeTaken(code: string): Promise<boolean> {
    const [row] = await this.db.select({ id: orders.id }).from(orders).where(eq(orders.remittanceCode, code));
    return row !== undefined;
  }

  /**
   * Records a payment or refund once: null when the same one (method, kind, trade number) was recorded
   * before — a repeated notification.
   */
  async recordPayment(values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
    const [row] = await this.db.insert(payments).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** The user's orders still waiting for money: unpaid within their term, or a bank transfer awaiting confirmation. */
  async openOf(userId: number, now: Date): Promise<Array<Pick<OrderRow, 'number' | 'status'>>> {
    return this.db
      .select({ number: orders.number, status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, userId), or(eq(orders.status, 'confirming'), and(eq(orders.status, 'pending'), gt(orders.expiresAt, now)))))
      .orderBy(orders.id);
  }

  /** The bank slips of the user's orders, with each order's status. */
  async slipsOf(userId: number): Promise<Array<{ id: number; status: OrderStatus; slipKey: string }>> {
    const rows = await this.db
      .select({ id: orders.id, status: orders.status, slipKey: orders.slipKey })
      .from(orders)
      .where(and(eq(orders.userId, userId), isNotNull(orders.slipKey)));
    return rows.map((row) => ({ ...row, slipKey: row.slipKey! }));
  }

  async forgetSlip(id: number, at: Date): Promise<void> {
    await this.db.update(orders).set({ slipKey: null, slipUploadedAt: null, updatedAt: at }).where(eq(orders.id, id));
  }

  async paymentsOf(orderId: number): Promise<PaymentRow[]> {
    return this.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
  }
}
