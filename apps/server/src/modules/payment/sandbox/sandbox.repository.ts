import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { sandboxGatewayOrders, sandboxGatewayRefunds } from './sandbox.schema.js';

export type SandboxOrderRow = typeof sandboxGatewayOrders.$inferSelect;
export type SandboxProvider = SandboxOrderRow['provider'];
export type SandboxRefundRow = typeof sandboxGatewayRefunds.$inferSelect;

/** What a refund request came to: a refund (`repeated` when its number was refunded before), or too much. */
export type SandboxRefundResult = { refund: SandboxRefundRow; order: SandboxOrderRow; repeated: boolean } | { tooMuch: true };

/** The sandbox gateways' orders (`sandbox_gateway_orders`). */
export class SandboxRepository {
  constructor(private readonly db: Db) {}

  async find(provider: SandboxProvider, outTradeNo: string): Promise<SandboxOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxGatewayOrders)
      .where(and(eq(sandboxGatewayOrders.provider, provider), eq(sandboxGatewayOrders.outTradeNo, outTradeNo)));
    return row;
  }

  async findByToken(token: string): Promise<SandboxOrderRow | undefined> {
    const [row] = await this.db.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.token, token));
    return row;
  }

  /** The gateway's order of `outTradeNo`: the one placed before (the same order asked for again), or a new one. */
  async place(values: typeof sandboxGatewayOrders.$inferInsert): Promise<SandboxOrderRow> {
    await this.db.insert(sandboxGatewayOrders).values(values).onConflictDoNothing();
    return (await this.find(values.provider, values.outTradeNo))!;
  }

  async update(id: number, changes: Partial<Omit<SandboxOrderRow, 'id'>>): Promise<SandboxOrderRow> {
    const [row] = await this.db.update(sandboxGatewayOrders).set(changes).where(eq(sandboxGatewayOrders.id, id)).returning();
    return row!;
  }

  /**
   * Refunds `amountFen` of a paid order under its refund number, once: under the order's row lock, a
   * number refunded before answers that refund again (whatever amount is asked now), a new one is
   * refused when it would refund more than was paid.
   */
  async refund(orderId: number, refundNo: string, amountFen: number, refundId: string): Promise<SandboxRefundResult> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(sandboxGatewayOrders).where(eq(sandboxGatewayOrders.id, orderId)).for('update');
      if (!order) throw new Error(`sandbox order ${orderId} does not exist`);
      const [before] = await tx
        .select()
        .from(sandboxGatewayRefunds)
        .where(and(eq(sandboxGatewayRefunds.orderId, orderId), eq(sandboxGatewayRefunds.refundNo, refundNo)));
      if (before) return { refund: before, order, repeated: true };
      if (order.refundedFen + amountFen > order.amountFen) return { tooMuch: true as const };
      const [refund] = await tx.insert(sandboxGatewayRefunds).values({ orderId, refundNo, amountFen, refundId }).returning();
      const [updated] = await tx
        .update(sandboxGatewayOrders)
        .set({ refundedFen: order.refundedFen + amountFen })
        .where(eq(sandboxGatewayOrders.id, orderId))
        .returning();
      return { refund: refund!, order: updated!, repeated: false };
    });
  }
}
