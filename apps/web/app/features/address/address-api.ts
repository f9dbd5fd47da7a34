import type { Address, AddressBody, AddressCreateBody, AddressList, RegionNode } from '@fuliaotong/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export function fetchAddresses(): Promise<AddressList> {
  return api().call('addressList');
}

export function createAddress(body: AddressCreateBody): Promise<Address> {
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

/** Adds an address (no `id`; the company's with `companyId`) or saves an edited one; the address book is read again. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AddressCreateBody }) => (id === undefined ? createAddress(body) : updateAddress(id, body)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}

/** Deletes an address; done once the address book has been read again. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}

/** Makes an address the default; done once the address book has been read again. */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses() }),
  });
}

/** The administrative-division tree (~137 KB): loaded on demand, once, only where a form needs it. */
export async function loadRegions(): Promise<RegionNode[]> {
  const module = await import('@fuliaotong/contracts/regions-data');
  return module.default;
}

export const regionsQuery = () =>
  queryOptions({ queryKey: queryKeys.regions(), queryFn: loadRegions, staleTime: Infinity, gcTime: Infinity });
