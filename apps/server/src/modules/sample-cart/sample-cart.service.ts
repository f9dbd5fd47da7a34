import {
  unavailableReasonLabels,
  type AddToCartBody,
  type AddToCartResult,
  type CartCheckBody,
  type CartCheckResult,
  type CartCheckedBody,
  type CartItem,
  type CartList,
  type CartRemoveResult,
  type ConfirmedSampleList,
  type SampleLimits,
  type UnavailableReason,
  type UpdateCartItemBody,
} from '@fuliaotong/contracts';
import { ownSampleCart } from './sample-cart.repositories.js';
import type { UserDirectory } from '../account/user-directory.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { type SampleCartRepositories } from './sample-cart.repositories.js';
import type { SessionCache } from '../account/session-cache.js';
import { AppError } from '../../http/errors.js';
import type { SampleLimitsService } from '../sample-application/sample-limits.service.js';
import type { CartRow, ProductOption, SampleCartRepository } from './sample-cart.repository.js';

/** A count is kept for the cache's own lifetime, which no date ends sooner. */
const NEVER = new Date(8.64e15);

const ITEM_NOT_FOUND = '样品车中没有这个样品';
const OPTION_NOT_FOUND = '该产品或规格不存在';

export const cartFullMessage = (limits: SampleLimits) => `样品车最多放 ${limits.maxCartItems} 种样品，请先移除一些`;
export const quantityMessage = (limits: SampleLimits, inCart = 0) =>
  `每种样品最多申请 ${limits.maxQuantity} 件${inCart > 0 ? `（样品车中已有 ${inCart} 件）` : ''}`;
export const applicationItemsMessage = (limits: SampleLimits) => `每份申请最多 ${limits.maxApplicationItems} 种样品，请分开申请`;

/** Why an option cannot be had right now, or null. */
export function unavailability(option: {
  excipientSampleAvailable: boolean | null;
  specSampleAvailable: boolean | null;
  /** The product of the cart row and the product the spec belongs to now. */
  excipientId?: number;
  specExcipientId?: number | null;
}): UnavailableReason | null {
  if (option.excipientSampleAvailable === null) return 'product_removed';
  if (!option.excipientSampleAvailable) return 'samples_suspended';
  if (option.specSampleAvailable === null || !option.specSampleAvailable) return 'spec_unavailable';
  if (option.specExcipientId !== undefined && option.specExcipientId !== option.excipientId) return 'spec_unavailable';
  return null;
}

export function toCartItem(row: CartRow): CartItem {
  const reason = unavailability(row);
  return {
    id: row.id,
    excipientId: row.excipientId,
    specId: row.specId,
    nameZh: row.nameZh ?? '',
    nameEn: row.nameEn ?? '',
    category: row.category ?? '',
    grade: row.grade ?? '',
    packSize: row.packSize ?? '',
    quantity: row.quantity,
    checked: row.checked,
    available: reason === null,
    unavailableReason: reason,
    addedAt: row.createdAt.toISOString(),
  };
}

/** What an intended change would do: the row's quantity after it, and why it is refused (or null). */
function evaluate(
  limits: SampleLimits,
  itemCount: number,
  existing: { quantity: number } | undefined,
  change: { quantity: number; mode: 'add' | 'set' },
): { quantity: number; refusal: string | null } {
  const quantity = existing && change.mode === 'add' ? existing.quantity + change.quantity : change.quantity;
  if (!existing && itemCount >= limits.maxCartItems) return { quantity, refusal: cartFullMessage(limits) };
  if (quantity > limits.maxQuantity) {
    return { quantity, refusal: quantityMessage(limits, change.mode === 'add' ? (existing?.quantity ?? 0) : 0) };
  }
  return { quantity, refusal: null };
}

/**
 * The sample cart (样品车). Changes of one user's cart run one at a time (the user's row is locked for
 * the transaction), so that two tabs adding at once can neither pass the limits nor lose a quantity.
 */
export class SampleCartService {
  constructor(
    private readonly cart: SampleCartRepository,
    private readonly limits: SampleLimitsService,
    private readonly transactor: Transactor<SampleCartRepositories>,
    private readonly users: UserDirectory,
    /**
     * Counts read for the cart badge, reused for at most a second; a user's entry is dropped the moment
     * a change of their rows commits here, and when its signal arrives from another process.
     */
    private readonly counts?: SessionCache<number>,
  ) {}

  /** Takes the specs a sample application was submitted with out of the user's cart (in the application's transaction). */
  async removeApplied(userId: number, specIds: number[], within: Tx): Promise<void> {
    await ownSampleCart(within).cart.removeSpecs(userId, specIds);
  }

  async list(userId: number): Promise<CartList> {
    const [rows, limits] = await Promise.all([this.cart.list(userId), this.limits.current()]);
    return { items: rows.map(toCartItem), totalCount: rows.length, limits };
  }

  /** The number of rows in the user's cart (the badge, asked for on every page of a signed-in user). */
  countOf(userId: number): Promise<number> {
    if (!this.counts) return this.cart.countOf(userId);
    return this.counts.lookup(String(userId), async () => ({ value: await this.cart.countOf(userId), keepUntil: NEVER }));
  }

  /** Whether a change is within the limits, without making it (the cart page asks before it adds). */
  async check(userId: number, body: CartCheckBody): Promise<CartCheckResult> {
    const mode = body.mode ?? 'add';
    const [option, limits, itemCount, existing] = await Promise.all([
      this.option(body.excipientId, body.specId),
      this.limits.current(),
      this.cart.countOf(userId),
      this.cart.findBySpec(userId, body.specId),
    ]);
    const reason = unavailability(option);
    const { quantity, refusal } = evaluate(limits, itemCount, existing, { quantity: body.quantity, mode });
    const message = reason ? unavailableReasonLabels[reason] : refusal;
    return { allowed: message === null, message, itemCount, maxItems: limits.maxCartItems, quantity, maxQuantity: limits.maxQuantity };
  }

  /** Adds an option, or raises the quantity of the row already in the cart for it (`merged`). */
  async add(userId: number, body: AddToCartBody): Promise<AddToCartResult> {
    const quantity = body.quantity ?? 1;
    const [option, limits] = await Promise.all([this.option(body.excipientId, body.specId), this.limits.current()]);
    const reason = unavailability(option);
    if (reason) throw new AppError('conflict', unavailableReasonLabels[reason]);
    const { id, merged, itemCount } = await this.transactor.transaction(async (within) => {
      const { cart } = within;
      await this.users.lockUser(userId, within);
      const existing = await cart.findBySpec(userId, body.specId);
      const before = await cart.countOf(userId);
      const outcome = evaluate(limits, before, existing, { quantity, mode: 'add' });
      if (outcome.refusal) throw new AppError('limit_exceeded', outcome.refusal);
      if (existing) {
        // Adding again also selects it for the next application.
        await cart.update(userId, existing.id, { quantity: outcome.quantity, checked: true });
        return { id: existing.id, merged: true, itemCount: before };
      }
      return { id: await cart.insert(userId, body.excipientId, body.specId, quantity), merged: false, itemCount: before + 1 };
    });
    const row = await this.cart.find(userId, id);
    return { item: toCartItem(row!), merged, itemCount };
  }

  async update(userId: number, id: number, body: UpdateCartItemBody): Promise<CartItem> {
    if (body.quantity !== undefined) {
      const limits = await this.limits.current();
      if (body.quantity > limits.maxQuantity) throw new AppError('limit_exceeded', quantityMessage(limits));
    }
    if (!(await this.cart.update(userId, id, { quantity: body.quantity, checked: body.checked }))) {
      throw new AppError('not_found', ITEM_NOT_FOUND);
    }
    return toCartItem((await this.cart.find(userId, id))!);
  }

  /** Selects or deselects the user's rows among `ids` (others' ids are ignored) and answers the cart. */
  async setChecked(userId: number, body: CartCheckedBody): Promise<CartList> {
    await this.cart.setChecked(userId, body.ids, body.checked);
    return this.list(userId);
  }

  async remove(userId: number, ids: number[]): Promise<CartRemoveResult> {
    const removed = await this.cart.remove(userId, ids);
    return { removed, itemCount: await this.cart.countOf(userId) };
  }

  /** The rows chosen for an application (the order of `ids`), each re-checked, and whether they can be applied for. */
  async confirmed(userId: number, ids: number[]): Promise<ConfirmedSampleList> {
    const [rows, limits] = await Promise.all([this.cart.list(userId, ids), this.limits.current()]);
    const byId = new Map(rows.map((row) => [row.id, toCartItem(row)]));
    const items = ids.flatMap((id) => byId.get(id) ?? []);
    const missingIds = ids.filter((id) => !byId.has(id));
    const unavailable = items.find((item) => !item.available);
    const tooMany = items.find((item) => item.quantity > limits.maxQuantity);
    const message =
      items.length === 0
        ? '所选样品已不在样品车中，请重新选择'
        : unavailable
          ? `${unavailable.nameZh || '所选样品'}（${unavailable.grade} ${unavailable.packSize}）${unavailableReasonLabels[unavailable.unavailableReason!]}，请先从样品车移除`
          : items.length > limits.maxApplicationItems
            ? applicationItemsMessage(limits)
            : tooMany
              ? `${tooMany.nameZh}：${quantityMessage(limits)}`
              : null;
    return { items, missingIds, ready: message === null, message, limits };
  }

  /**
   * The product options of an application's items, in their order: 404 when one does not exist (or
   * its spec belongs to another product), 409 when one cannot be had right now.
   */
  async availableOptions(items: Array<{ excipientId: number; specId: number }>): Promise<ProductOption[]> {
    const found = new Map((await this.cart.options(items.map((item) => item.specId))).map((option) => [option.specId, option]));
    return items.map((item) => {
      const option = found.get(item.specId);
      if (!option || option.excipientId !== item.excipientId) throw new AppError('not_found', OPTION_NOT_FOUND);
      const reason = unavailability(option);
      if (reason) throw new AppError('conflict', `${option.nameZh}（${option.grade} ${option.packSize}）${unavailableReasonLabels[reason]}`);
      return option;
    });
  }

  /** The product option of a request: 404 when the product or the spec does not exist or do not belong together. */
  private async option(excipientId: number, specId: number): Promise<ProductOption> {
    const [option] = await this.cart.options([specId]);
    if (!option || option.excipientId !== excipientId) throw new AppError('not_found', OPTION_NOT_FOUND);
    return option;
  }
}
