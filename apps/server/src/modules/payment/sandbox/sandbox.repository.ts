import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { sandboxGatewayOrders } from './sandbox.schema.js';

export type SandboxOrderRow = typeof sandboxGatewayOrders.$inferSelect;
export type SandboxProvider = SandboxOrderRow['provider'];

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
}
