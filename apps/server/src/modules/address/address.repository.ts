import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { addresses } from './address.schema.js';

export type AddressRow = typeof addresses.$inferSelect;

export interface AddressValues {
  recipient: string;
  mobile: string;
  regionCodes: string[];
  regionNames: string[];
  street: string;
}

/** Users' address books (`addresses`). */
export class AddressRepository {
  constructor(private readonly db: Db) {}

  /** The user's addresses: the default first, then the newest. */
  async list(userId: number): Promise<AddressRow[]> {
    return this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
  }

  /** The user's own address (another user's is not found). */
  async find(userId: number, id: number): Promise<AddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    return row;
  }

  async countOf(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    return row?.n ?? 0;
  }

  async insert(userId: number, values: AddressValues, isDefault: boolean): Promise<AddressRow> {
    const [row] = await this.db.insert(addresses).values({ userId, ...values, isDefault }).returning();
    return row!;
  }

  async update(id: number, changes: Partial<AddressValues> & { isDefault?: boolean }): Promise<AddressRow> {
    const [row] = await this.db
      .update(addresses)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(addresses.id, id))
      .returning();
    return row!;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(addresses).where(eq(addresses.id, id));
  }

  /** The user's most recently added address. */
  async newest(userId: number): Promise<{ id: number } | undefined> {
    const [row] = await this.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    return row;
  }

  /** Makes the user's default address an ordinary one (before another becomes the default). */
  async clearDefault(userId: number): Promise<void> {
    await this.db
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  }

  /** Makes an address the default without touching its other fields (when the default is deleted). */
  async markDefault(id: number): Promise<void> {
    await this.db.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
  }

  /** Deletes every address of the user (deleting the account). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(addresses).where(eq(addresses.userId, userId));
  }
}
