import { MAX_ADDRESSES, addressRegionNames, type Address, type AddressBody, type AddressList } from '@fuliaotong/contracts';
import type { AddressTx } from './address.repositories.js';
import type { UserDirectory } from '../account/user-directory.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { type AddressRepositories } from './address.repositories.js';
import { AppError } from '../../http/errors.js';
import type { AddressRepository, AddressRow } from './address.repository.js';
import { regionNames } from './regions.js';

const NOT_FOUND = '收货地址不存在';

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    recipient: row.recipient,
    mobile: row.mobile,
    regionCodes: row.regionCodes,
    // Addresses saved before the groupings were left out still read without them.
    regionNames: addressRegionNames(row.regionNames),
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
  constructor(
    private readonly addresses: AddressRepository,
    private readonly transactor: Transactor<AddressRepositories>,
    private readonly users: UserDirectory,
  ) {}

  async list(userId: number): Promise<AddressList> {
    const rows = await this.addresses.list(userId);
    return { items: rows.map(toAddress), totalCount: rows.length };
  }

  async get(userId: number, id: number): Promise<Address> {
    return toAddress(await this.find(this.addresses, userId, id));
  }

  /** Adds an address; pass the repositories of a transaction to make it part of a larger change (a sample application saving its address). */
  async create(userId: number, body: AddressBody, within?: Tx): Promise<Address> {
    const values = resolve(body);
    return this.locked(userId, async ({ addresses }) => {
      const n = await addresses.countOf(userId);
      if (n >= MAX_ADDRESSES) throw new AppError('conflict', `最多保存 ${MAX_ADDRESSES} 个收货地址，请先删除不用的地址`);
      const makeDefault = n === 0 || body.isDefault === true;
      if (makeDefault) await addresses.clearDefault(userId);
      return toAddress(await addresses.insert(userId, values, makeDefault));
    }, within);
  }

  async update(userId: number, id: number, body: AddressBody): Promise<Address> {
    const values = resolve(body);
    return this.locked(userId, async ({ addresses }) => {
      const current = await this.find(addresses, userId, id);
      // The default stays until another address becomes the default: there is always exactly one.
      const makeDefault = current.isDefault || body.isDefault === true;
      if (makeDefault && !current.isDefault) await addresses.clearDefault(userId);
      return toAddress(await addresses.update(id, { ...values, isDefault: makeDefault }));
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.locked(userId, async ({ addresses }) => {
      const current = await this.find(addresses, userId, id);
      await addresses.delete(id);
      if (current.isDefault) {
        // The most recently added of the others becomes the default.
        const next = await addresses.newest(userId);
        if (next) await addresses.markDefault(next.id);
      }
    });
  }

  async setDefault(userId: number, id: number): Promise<Address> {
    return this.locked(userId, async ({ addresses }) => {
      const current = await this.find(addresses, userId, id);
      if (current.isDefault) return toAddress(current);
      await addresses.clearDefault(userId);
      return toAddress(await addresses.update(id, { isDefault: true }));
    });
  }

  /** Runs `work` in a transaction (the caller's, given `within`) that holds the user's row locked. */
  private locked<T>(userId: number, work: (repositories: AddressTx) => Promise<T>, within?: Tx): Promise<T> {
    return this.transactor.transaction(async (repositories) => {
      await this.users.lockUser(userId, repositories);
      return work(repositories);
    }, within);
  }

  /** The user's own address; another user's answers 404 exactly like a missing one. */
  private async find(addresses: AddressRepository, userId: number, id: number): Promise<AddressRow> {
    const row = await addresses.find(userId, id);
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return row;
  }
}
