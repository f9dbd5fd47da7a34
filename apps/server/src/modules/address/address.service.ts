import { and, desc, eq, sql } from 'drizzle-orm';
import { MAX_ADDRESSES, type Address, type AddressBody, type AddressList } from '@fuliaotong/contracts';
import type { Db } from '../../db/database.js';
import { addresses, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { regionNames } from './regions.js';

type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const NOT_FOUND = '收货地址不存在';

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    recipient: row.recipient,
    mobile: row.mobile,
    regionCodes: row.regionCodes,
    regionNames: row.regionNames,
    street: row.street,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

function resolve(body: AddressBody) {
  const names = regionNames(body.regionCodes);
  if (!names) {
    const message = '请选择正确的省、市、区县';
    throw new AppError('validation_failed', message, [{ path: 'body.regionCodes', message }]);
  }
  return {
    recipient: body.recipient,
    mobile: body.mobile,
    regionCodes: body.regionCodes,
    regionNames: names,
    street: body.street,
  };
}

/**
 * A user's address book. Every change runs in a transaction that first locks the user's row, so that
 * concurrent requests cannot pass the limit or leave the book with no default or two.
 */
export class AddressService {
  constructor(private readonly db: Db) {}

  async list(userId: number): Promise<AddressList> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
    return { items: rows.map(toAddress), totalCount: rows.length };
  }

  async get(userId: number, id: number): Promise<Address> {
    return toAddress(await this.find(this.db, userId, id));
  }

  /** Adds an address; pass a transaction to make it part of a larger change (a sample application saving its address). */
  async create(userId: number, body: AddressBody, db: Pick<Db, 'transaction'> = this.db): Promise<Address> {
    const values = resolve(body);
    return this.locked(userId, db, async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      if (n >= MAX_ADDRESSES) throw new AppError('conflict', `最多保存 ${MAX_ADDRESSES} 个收货地址，请先删除不用的地址`);
      const makeDefault = n === 0 || body.isDefault === true;
      if (makeDefault) await this.clearDefault(tx, userId);
      const [row] = await tx.insert(addresses).values({ userId, ...values, isDefault: makeDefault }).returning();
      return toAddress(row!);
    });
  }

  async update(userId: number, id: number, body: AddressBody): Promise<Address> {
    const values = resolve(body);
    return this.locked(userId, this.db, async (tx) => {
      const current = await this.find(tx, userId, id);
      // The default stays until another address becomes the default: there is always exactly one.
      const makeDefault = current.isDefault || body.isDefault === true;
      if (makeDefault && !current.isDefault) await this.clearDefault(tx, userId);
      const [row] = await tx
        .update(addresses)
        .set({ ...values, isDefault: makeDefault, updatedAt: new Date() })
        .where(eq(addresses.id, id))
        .returning();
      return toAddress(row!);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.locked(userId, this.db, async (tx) => {
      const current = await this.find(tx, userId, id);
      await tx.delete(addresses).where(eq(addresses.id, id));
      if (current.isDefault) {
        // The most recently added of the others becomes the default.
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(desc(addresses.createdAt), desc(addresses.id))
          .limit(1);
        if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
    });
  }

  async setDefault(userId: number, id: number): Promise<Address> {
    return this.locked(userId, this.db, async (tx) => {
      const current = await this.find(tx, userId, id);
      if (current.isDefault) return toAddress(current);
      await this.clearDefault(tx, userId);
      const [row] = await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(addresses.id, id))
        .returning();
      return toAddress(row!);
    });
  }

  private async locked<T>(userId: number, db: Pick<Db, 'transaction'>, work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return work(tx);
    });
  }

  /** The user's own address; another user's answers 404 exactly like a missing one. */
  private async find(db: Pick<Db, 'select'>, userId: number, id: number): Promise<AddressRow> {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  private async clearDefault(tx: Tx, userId: number) {
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  }
}
