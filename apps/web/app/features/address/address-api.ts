import type { Address, AddressBody, AddressList, RegionNode } from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function fetchAddresses(): Promise<AddressList> {
  return api().call('addressList');
}

export function createAddress(body: AddressBody): Promise<Address> {
  return api().call('addressCreate', { body });
}

export function updateAddress(id: number, body: AddressBody): Promise<Address> {
  return api().call('addressUpdate', { params: { id }, body });
}

export function deleteAddress(id: number): Promise<null> {
  return api().call('addressDelete', { params: { id } });
}

export function setDefaultAddress(id: number): Promise<Address> {
  return api().call('addressSetDefault', { params: { id } });
}

export const addressesQuery = () => queryOptions({ queryKey: queryKeys.addresses(), queryFn: fetchAddresses });

/** The administrative-division tree (~137 KB): loaded on demand, once, only where a form needs it. */
export async function loadRegions(): Promise<RegionNode[]> {
  const module = await import('@fuliaotong/contracts/regions-data');
  return module.default as RegionNode[];
}

export const regionsQuery = () =>
  queryOptions({ queryKey: queryKeys.regions(), queryFn: loadRegions, staleTime: Infinity, gcTime: Infinity });
