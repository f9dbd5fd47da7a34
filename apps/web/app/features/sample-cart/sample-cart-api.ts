import type {
  AddToCartBody,
  AddToCartResult,
  CartCheckBody,
  CartCheckResult,
  CartCheckedBody,
  CartItem,
  CartList,
  CartRemoveResult,
  ConfirmedSampleList,
  UpdateCartItemBody,
} from '@fuliaotong/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/* ------------------------------------------ fetchers ------------------------------------------ */

export function fetchCartList(): Promise<CartList> {
  return api().call('sampleCartList');
}

/**
 * The number of items in the cart. The API answers text/plain ("3"), which the client hands over as
 * a string; a JSON number is accepted too.
 */
export async function fetchCartCount(): Promise<number> {
  // A 401 here must not end the session or leave the page: a failed count is only logged.
  return parseCartCount(await api().call('sampleCartCount', {}, { handleUnauthorized: false }));
}

/** The count from the body of GET sample-cart-num; anything that is not a whole number ≥ 0 is an error. */
export function parseCartCount(payload: unknown): number {
  const text = typeof payload === 'number' ? String(payload) : typeof payload === 'string' ? payload.trim() : '';
  if (!/^\d{1,9}$/.test(text)) throw new Error(`样品车数量无法识别：${JSON.stringify(payload)}`);
  return Number(text);
}

/** Checks an intended change against the limits before it is made. */
export function checkCart(body: CartCheckBody): Promise<CartCheckResult> {
  return api().call('sampleCartCheck', { body });
}

/** Adds a spec to the cart (201), or adds to the quantity of the row already there (200). */
export function addToCart(body: AddToCartBody): Promise<AddToCartResult> {
  return api().call('sampleCartAdd', { body });
}

/** Changes the quantity or the checked state of one item; answers the item. */
export function updateCartItem(id: number, body: UpdateCartItemBody): Promise<CartItem> {
  return api().call('sampleCartUpdate', { params: { id }, body });
}

/** Checks or unchecks several items; answers the cart. */
export function setCartItemsChecked(body: CartCheckedBody): Promise<CartList> {
  return api().call('sampleCartSetChecked', { body });
}

export function removeCartItems(ids: number[]): Promise<CartRemoveResult> {
  return api().call('sampleCartRemove', { body: { ids } });
}

/** The cart items chosen for an application, each checked again. */
export function fetchConfirmedSamples(ids: readonly number[]): Promise<ConfirmedSampleList> {
  return api().call('sampleConfirmedList', { query: { ids: ids.join(',') } });
}

/* ------------------------------------------- queries ------------------------------------------- */

/**
 * The cart of the signed-in user (pages enable it only with a session). Read again whenever a page that
 * shows it mounts (the cart may have changed in another tab or device).
 */
export const cartListQuery = () => queryOptions({ queryKey: queryKeys.sampleCartList(), queryFn: fetchCartList, staleTime: 0 });

export const cartCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.sampleCartCount(),
    queryFn: async () => {
      try {
        return await fetchCartCount();
      } catch (error) {
        console.error('样品车数量获取失败', error);
        throw error;
      }
    },
    retry: false,
    staleTime: 0,
  });

export const confirmedSamplesQuery = (ids: readonly number[]) =>
  queryOptions({ queryKey: queryKeys.confirmedSamples(ids), queryFn: () => fetchConfirmedSamples(ids), staleTime: 0 });

/* -------------------------------------------- hooks -------------------------------------------- */

/** After any change to the cart: its list, count and confirmed lists are read again. */
export function refreshCart(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: queryKeys.sampleCart() });
}

/** Every change to the cart carries this key (see {@link refreshWhenSettled}). */
const cartMutationKey = ['sample-cart-change'] as const;

/**
 * Reads the cart again once the last of several quick changes (ticking boxes one after another) has
 * settled: a read between two of them would show the older state for a moment.
 */
function refreshWhenSettled(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1) return refreshCart(queryClient);
  return undefined;
}

/** Check first, then add: a change the limits do not allow is refused with the server's message. */
export class CartLimitError extends Error {
  constructor(readonly check: CartCheckResult) {
    super(check.message ?? '超出样品车限制');
    this.name = 'CartLimitError';
  }
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: async (body: { excipientId: number; specId: number; quantity: number }) => {
      const check = await checkCart({ ...body, mode: 'add' });
      if (!check.allowed) throw new CartLimitError(check);
      return addToCart(body);
    },
    onSettled: () => refreshWhenSettled(queryClient),
  });
}

type CartSnapshot = { previous: CartList | undefined };

/** Changes items of the cached list at once (the server's answer follows with the next read). */
function patchCachedItems(queryClient: QueryClient, ids: readonly number[], change: Partial<CartItem>): CartSnapshot {
  const key = queryKeys.sampleCartList();
  const previous = queryClient.getQueryData<CartList>(key);
  if (previous) {
    queryClient.setQueryData<CartList>(key, {
      ...previous,
      items: previous.items.map((item) => (ids.includes(item.id) ? { ...item, ...change } : item)),
    });
  }
  return { previous };
}

function rollback(queryClient: QueryClient, snapshot: CartSnapshot | undefined) {
  if (snapshot?.previous) queryClient.setQueryData(queryKeys.sampleCartList(), snapshot.previous);
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: ({ id, ...body }: { id: number } & UpdateCartItemBody) => updateCartItem(id, body),
    onMutate: async ({ id, ...body }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.sampleCartList() });
      return patchCachedItems(queryClient, [id], body);
    },
    onError: (_error, _vars, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenSettled(queryClient),
  });
}

export function useSetCartChecked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: setCartItemsChecked,
    onMutate: async ({ ids, checked }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.sampleCartList() });
      return patchCachedItems(queryClient, ids, { checked });
    },
    onError: (_error, _vars, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenSettled(queryClient),
  });
}

export function useRemoveCartItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKey,
    mutationFn: removeCartItems,
    onSettled: () => refreshWhenSettled(queryClient),
  });
}
