import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { companies } from '../company/company.schema.js';
import { addresses } from './address.schema.js';

export type AddressRow = typeof addresses.$inferSelect;
/** An address with the name of the company it belongs to (null for a user's own). */
export type AddressView = AddressRow & { companyName: string | null };

export interface AddressValues {
  recipient: string;
  mobile: string;
  regionCodes: string[];
  regionNames: string[];
  street: string;
}

/** The user's own addresses (not those they added to a company). */
const personalOf = (userId: number) => and(eq(addresses.userId, userId), isNull(addresses.companyId));

/** Users' and companies' address books (`addresses`). */
export class AddressRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .select({ address: addresses, companyName: companies.name })
      .from(addresses)
      .leftJoin(companies, eq(companies.id, addresses.companyId));
  }

  /** The user's addresses (the default first, then the newest), then the company's (`companyId`), newest first. */
  async list(userId: number, companyId: number | null): Promise<AddressView[]> {
    const rows = await this.select()
      .where(companyId === null ? personalOf(userId) : or(personalOf(userId), eq(addresses.companyId, companyId)))
      .orderBy(isNull(addresses.companyId), desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
    return rows.map((row) => ({ ...row.address, companyName: row.companyName }));
  }

  /** The user's own address, or the company's (`companyId`); any other is not found. */
  async find(userId: number, id: number, companyId: number | null = null): Promise<AddressView | undefined> {
    const whose = companyId === null ? personalOf(userId) : or(personalOf(userId), eq(addresses.companyId, companyId));
    const [row] = await this.select().where(and(eq(addresses.id, id), whose));
    return row ? { ...row.address, companyName: row.companyName } : undefined;
  }

  /** How many addresses the user keeps, or the company (`companyId`). */
  async countOf(userId: number, companyId: number | null = null): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(addresses)
      .where(companyId === null ? personalOf(userId) : eq(addresses.companyId, companyId));
    return row?.n ?? 0;
  }

  async insert(userId: number, values: AddressValues, isDefault: boolean, companyId: number | null = null): Promise<AddressRow> {
    const [row] = await this.db.insert(addresses).values({ userId, companyId, ...values, isDefault }).returning();
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

  /** The user's most recently added address of their own. */
  async newest(userId: number): Promise<{ id: number } | undefined> {
    const [row] = await this.db
      .select({ id: addresses.id })
      .from(addresses)
      .where(personalOf(userId))
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

  /** Deletes every address of the user's own (deleting the account); those added to a company stay with it. */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(addresses).where(personalOf(userId));
  }
}
