import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { excipients, excipientSpecs } from '../excipient/excipient.schema.js';
import { sampleCartItems } from './sample-cart.schema.js';

/** A cart row with what the cart shows of its product and spec (null: the product or spec is gone). */
export interface CartRow {
  id: number;
  excipientId: number;
  specId: number;
  quantity: number;
  checked: boolean;
  createdAt: Date;
  nameZh: string | null;
  nameEn: string | null;
  category: string | null;
  excipientSampleAvailable: boolean | null;
  grade: string | null;
  packSize: string | null;
  specSampleAvailable: boolean | null;
  /** The product the spec belongs to now. */
  specExcipientId: number | null;
}

/** A product option as the cart and the application form check it. */
export interface ProductOption {
  excipientId: number;
  specId: number;
  nameZh: string;
  nameEn: string;
  category: string;
  grade: string;
  packSize: string;
  excipientSampleAvailable: boolean;
  specSampleAvailable: boolean;
}

const cartColumns = {
  id: sampleCartItems.id,
  excipientId: sampleCartItems.excipientId,
  specId: sampleCartItems.specId,
  quantity: sampleCartItems.quantity,
  checked: sampleCartItems.checked,
  createdAt: sampleCartItems.createdAt,
  nameZh: excipients.nameZh,
  nameEn: excipients.nameEn,
  category: excipients.category,
  excipientSampleAvailable: sql<boolean>`(${excipients.sampleAvailable} and ${excipients.published})`,
  grade: excipientSpecs.grade,
  packSize: excipientSpecs.packSize,
  specSampleAvailable: excipientSpecs.sampleAvailable,
  specExcipientId: excipientSpecs.excipientId,
};

/**
 * The sample cart (`sample_cart_items`): one row per user and product option, read with what the
 * cart shows of its product and spec (from the catalogue's tables).
 */
export class SampleCartRepository {
  constructor(
    private readonly db: Db,
    /**
     * Told of every change of a user's number of rows (after the commit, when the change is part of a
     * transaction): the count kept for the user is out of date (SampleCartService). Not told of rows a
     * product's or spec's deletion takes with it: that is a content change, which empties every count.
     */
    private readonly rowsChanged: (userId: number) => void = () => {},
  ) {}

  /** The user's cart rows, newest first (all of them, or those with the given ids). */
  async list(userId: number, ids?: number[]): Promise<CartRow[]> {
    if (ids && ids.length === 0) return [];
    return this.db
      .select(cartColumns)
      .from(sampleCartItems)
      .leftJoin(excipients, eq(excipients.id, sampleCartItems.excipientId))
      .leftJoin(excipientSpecs, eq(excipientSpecs.id, sampleCartItems.specId))
      .where(ids ? and(eq(sampleCartItems.userId, userId), inArray(sampleCartItems.id, ids)) : eq(sampleCartItems.userId, userId))
      .orderBy(desc(sampleCartItems.createdAt), desc(sampleCartItems.id));
  }

  async find(userId: number, id: number): Promise<CartRow | undefined> {
    const [row] = await this.list(userId, [id]);
    return row;
  }

  async findBySpec(userId: number, specId: number): Promise<{ id: number; quantity: number } | undefined> {
    const [row] = await this.db
      .select({ id: sampleCartItems.id, quantity: sampleCartItems.quantity })
      .from(sampleCartItems)
      .where(and(eq(sampleCartItems.userId, userId), eq(sampleCartItems.specId, specId)));
    return row;
  }

  async countOf(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(sampleCartItems).where(eq(sampleCartItems.userId, userId));
    return row?.n ?? 0;
  }

  async insert(userId: number, excipientId: number, specId: number, quantity: number): Promise<number> {
    const [row] = await this.db
      .insert(sampleCartItems)
      .values({ userId, excipientId, specId, quantity })
      .returning({ id: sampleCartItems.id });
    this.rowsChanged(userId);
    return row!.id;
  }

  /** Changes the user's row; false when the user has no such row. */
  async update(userId: number, id: number, changes: { quantity?: number; checked?: boolean }): Promise<boolean> {
    const updated = await this.db
      .update(sampleCartItems)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(sampleCartItems.id, id), eq(sampleCartItems.userId, userId)))
      .returning({ id: sampleCartItems.id });
    return updated.length > 0;
  }

  async setChecked(userId: number, ids: number[], checked: boolean): Promise<void> {
    await this.db
      .update(sampleCartItems)
      .set({ checked, updatedAt: new Date() })
      .where(and(eq(sampleCartItems.userId, userId), inArray(sampleCartItems.id, ids)));
  }

  /** Deletes the user's rows among `ids` (others' are left alone) and answers how many went. */
  async remove(userId: number, ids: number[]): Promise<number> {
    const deleted = await this.db
      .delete(sampleCartItems)
      .where(and(eq(sampleCartItems.userId, userId), inArray(sampleCartItems.id, ids)))
      .returning({ id: sampleCartItems.id });
    if (deleted.length > 0) this.rowsChanged(userId);
    return deleted.length;
  }

  /** Takes these options out of the user's cart (they have been applied for). */
  async removeSpecs(userId: number, specIds: number[]): Promise<void> {
    if (specIds.length === 0) return;
    await this.db.delete(sampleCartItems).where(and(eq(sampleCartItems.userId, userId), inArray(sampleCartItems.specId, specIds)));
    this.rowsChanged(userId);
  }

  /** The product options with these spec ids (whichever product they belong to). */
  async options(specIds: number[]): Promise<ProductOption[]> {
    if (specIds.length === 0) return [];
    return this.db
      .select({
        excipientId: excipients.id,
        specId: excipientSpecs.id,
        nameZh: excipients.nameZh,
        nameEn: excipients.nameEn,
        category: excipients.category,
        grade: excipientSpecs.grade,
        packSize: excipientSpecs.packSize,
        excipientSampleAvailable: sql<boolean>`(${excipients.sampleAvailable} and ${excipients.published})`,
        specSampleAvailable: excipientSpecs.sampleAvailable,
      })
      .from(excipientSpecs)
      .innerJoin(excipients, eq(excipients.id, excipientSpecs.excipientId))
      .where(inArray(excipientSpecs.id, specIds));
  }

  /** Empties the user's cart (deleting the account). */
  async deleteAllOf(userId: number): Promise<void> {
    await this.db.delete(sampleCartItems).where(eq(sampleCartItems.userId, userId));
    this.rowsChanged(userId);
  }
}
