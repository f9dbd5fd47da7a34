import {
  COMPANY_ADDRESS_MANAGERS,
  COMPANY_ADDRESS_USERS,
  MAX_ADDRESSES,
  addressRegionNames,
  holdsCompanyRole,
  type Address,
  type AddressBody,
  type AddressCreateBody,
  type AddressList,
} from '@fuliaotong/contracts';
import type { AddressTx } from './address.repositories.js';
import type { UserDirectory } from '../account/user-directory.js';
import type { CompanyService, Membership } from '../company/company.service.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { type AddressRepositories } from './address.repositories.js';
import { AppError } from '../../http/errors.js';
import type { AddressRepository, AddressView } from './address.repository.js';
import { regionNames } from './regions.js';

const NOT_FOUND = '收货地址不存在';

/** The company whose addresses the member may use (管理员, 采购, 研发, 质量), or null. */
const usableCompany = (membership: Membership | null) => (membership && holdsCompanyRole(membership.roles, COMPANY_ADDRESS_USERS) ? membership.companyId : null);
const mayManage = (membership: Membership | null) => !!membership && holdsCompanyRole(membership.roles, COMPANY_ADDRESS_MANAGERS);

function toAddress(row: AddressView, membership: Membership | null): Address {
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
    owner: row.companyId === null ? 'personal' : 'company',
    companyId: row.companyId,
    companyName: row.companyName,
    canManage: row.companyId === null || mayManage(membership),
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
 * Address books: a user's own, and their company's, which its 管理员 and 采购 keep and the members who
 * apply for samples or receive goods (管理员, 采购, 研发, 质量) use (docs/decisions/0068). Every change
 * runs in a transaction that first locks the user's row (and, for a company's address, the company's),
 * so that concurrent requests cannot pass the limit or leave the book with no default or two. What a
 * member may reach follows their membership at the time of the request: leaving the company ends it.
 */
export class AddressService {
  constructor(
    private readonly addresses: AddressRepository,
    private readonly transactor: Transactor<AddressRepositories>,
    private readonly users: UserDirectory,
    private readonly companies: Pick<CompanyService, 'membershipFor'>,
  ) {}

  async list(userId: number): Promise<AddressList> {
    const membership = await this.companies.membershipFor(userId);
    const rows = await this.addresses.list(userId, usableCompany(membership));
    return { items: rows.map((row) => toAddress(row, membership)), totalCount: rows.length };
  }

  /** One of the user's addresses, or of their company's they may use (a sample application naming it reads it here). */
  async get(userId: number, id: number): Promise<Address> {
    const membership = await this.companies.membershipFor(userId);
    return toAddress(await this.find(this.addresses, userId, id, membership), membership);
  }

  /**
   * Adds an address: the user's own, or their company's (`companyId`: its 管理员 and 采购 only). Pass the
   * repositories of a transaction to make it part of a larger change (a sample application saving its address).
   */
  async create(userId: number, body: AddressCreateBody | AddressBody, within?: Tx): Promise<Address> {
    const values = resolve(body);
    const companyId = 'companyId' in body ? body.companyId : undefined;
    return this.locked(userId, async ({ addresses }, membership) => {
      if (companyId !== undefined) {
        if (!membership || membership.companyId !== companyId) throw new AppError('not_found', '企业不存在');
        if (!mayManage(membership)) throw new AppError('forbidden', '只有企业的管理员、采购可以添加企业的收货地址');
        if ((await addresses.countOf(userId, companyId)) >= MAX_ADDRESSES) {
          throw new AppError('conflict', `企业最多保存 ${MAX_ADDRESSES} 个收货地址，请先删除不用的地址`);
        }
        return toAddress({ ...(await addresses.insert(userId, values, false, companyId)), companyName: membership.companyName }, membership);
      }
      const n = await addresses.countOf(userId);
      if (n >= MAX_ADDRESSES) throw new AppError('conflict', `最多保存 ${MAX_ADDRESSES} 个收货地址，请先删除不用的地址`);
      const makeDefault = n === 0 || body.isDefault === true;
      if (makeDefault) await addresses.clearDefault(userId);
      return toAddress({ ...(await addresses.insert(userId, values, makeDefault)), companyName: null }, membership);
    }, within, companyId !== undefined);
  }

  async update(userId: number, id: number, body: AddressBody): Promise<Address> {
    const values = resolve(body);
    return this.locked(userId, async ({ addresses }, membership) => {
      const current = await this.findToManage(addresses, userId, id, membership);
      if (current.companyId !== null) {
        return toAddress({ ...(await addresses.update(id, values)), companyName: current.companyName }, membership);
      }
      // The default stays until another address becomes the default: there is always exactly one.
      const makeDefault = current.isDefault || body.isDefault === true;
      if (makeDefault && !current.isDefault) await addresses.clearDefault(userId);
      return toAddress({ ...(await addresses.update(id, { ...values, isDefault: makeDefault })), companyName: null }, membership);
    }, undefined, true);
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.locked(userId, async ({ addresses }, membership) => {
      const current = await this.findToManage(addresses, userId, id, membership);
      await addresses.delete(id);
      if (current.isDefault) {
        // The most recently added of the others becomes the default.
        const next = await addresses.newest(userId);
        if (next) await addresses.markDefault(next.id);
      }
    }, undefined, true);
  }

  async setDefault(userId: number, id: number): Promise<Address> {
    return this.locked(userId, async ({ addresses }, membership) => {
      const current = await this.find(addresses, userId, id, membership);
      if (current.companyId !== null) throw new AppError('conflict', '企业的收货地址不能设为个人默认地址');
      if (current.isDefault) return toAddress(current, membership);
      await addresses.clearDefault(userId);
      return toAddress({ ...(await addresses.update(id, { isDefault: true })), companyName: null }, membership);
    });
  }

  /**
   * Runs `work` in a transaction (the caller's, given `within`) that holds the user's row locked, with
   * the user's membership read in it (the company's row locked too when `lockCompany`).
   */
  private locked<T>(userId: number, work: (repositories: AddressTx, membership: Membership | null) => Promise<T>, within?: Tx, lockCompany = false): Promise<T> {
    return this.transactor.transaction(async (repositories) => {
      await this.users.lockUser(userId, repositories);
      const membership = await this.companies.membershipFor(userId, repositories, lockCompany);
      return work(repositories, membership);
    }, within);
  }

  /** The user's own address or their company's they may use; any other answers 404 exactly like a missing one. */
  private async find(addresses: AddressRepository, userId: number, id: number, membership: Membership | null): Promise<AddressView> {
    const row = await addresses.find(userId, id, usableCompany(membership));
    if (!row) throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  /** As `find`, for a change: a company's address only for its 管理员 and 采购 (others who use it get 403). */
  private async findToManage(addresses: AddressRepository, userId: number, id: number, membership: Membership | null): Promise<AddressView> {
    const row = await this.find(addresses, userId, id, membership);
    if (row.companyId !== null && !mayManage(membership)) throw new AppError('forbidden', '只有企业的管理员、采购可以修改企业的收货地址');
    return row;
  }
}
