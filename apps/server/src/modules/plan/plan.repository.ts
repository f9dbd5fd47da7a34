import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { plans } from './plan.schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type PlanValues = Omit<PlanRow, 'id' | 'createdAt' | 'updatedAt'>;

/** The plans (`plans`). */
export class PlanRepository {
  constructor(private readonly db: Db) {}

  /** Every plan, or only those on sale, in the desk's order. */
  async list(onSaleOnly: boolean): Promise<PlanRow[]> {
    return this.db
      .select()
      .from(plans)
      .where(onSaleOnly ? eq(plans.onSale, true) : undefined)
      .orderBy(asc(plans.sortOrder), asc(plans.id));
  }

  async find(id: number): Promise<PlanRow | undefined> {
    const [row] = await this.db.select().from(plans).where(eq(plans.id, id));
    return row;
  }

  async insert(values: PlanValues): Promise<PlanRow> {
    const [row] = await this.db.insert(plans).values(values).returning();
    return row!;
  }

  async update(id: number, values: PlanValues): Promise<PlanRow | undefined> {
    const [row] = await this.db.update(plans).set({ ...values, updatedAt: new Date() }).where(eq(plans.id, id)).returning();
    return row;
  }
}
