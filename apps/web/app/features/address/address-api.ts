import type { Address, AddressBody, AddressList, RegionNode } from '@fuliaotong/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const base = '/api/app/address';

export function fetchAddresses(): Promise<AddressList> {
  return api().get<AddressList>(base);
}

export function createAddress(body: AddressBody): Promise<Address> {
  return api().post<Address>(base, { json: body });
}

export function updateAddress(id: number, body: AddressBody): Promise<Address> {
  return api().put<Address>(`${base}/${id}`, { json: body });
}

export function deleteAddress(id: number): Promise<null> {
  return api().delete<null>(`${base}/${id}`);
}

export function setDefaultAddress(id: number): Promise<Address> {
  return api().post<Address>(`${base}/${id}/set-default`);
}

export const addressesQuery = () => queryOptions({ queryKey: queryKeys.addresses(), queryFn: fetchAddresses });

/** The administrative-division tree (~137 KB): loaded on demand, once, only where a form needs it. */
export async function loadRegions(): Promise<RegionNode[]> {
  const module = await import('@fuliaotong/contracts/regions-data');
  return module.default as RegionNode[];
}

export const regionsQuery = () =>
  queryOptions({ queryKey: queryKeys.regions(), queryFn: loadRegions, staleTime: Infinity, gcTime: Infinity });
