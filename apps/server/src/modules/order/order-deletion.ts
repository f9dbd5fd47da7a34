import type { DeletedUser } from '../../db/personal-data.js';
import type { Tx } from '../../db/transactor.js';
import type { FileStore } from '../files/file-store.js';
import { ownOrder } from './order.repositories.js';

/*
 * What deleting an account (注销) means for its orders (docs/decisions/0042). Orders and their payments
 * are accounting records and stay, naming the anonymised account; nothing else in them is personal.
 */

/** Refuses the deletion while an order waits for money: unpaid within its term, or a bank transfer finance has not confirmed. */
export async function openOrdersBlocker(userId: number, within: Tx, now: Date): Promise<string | undefined> {
  const open = await ownOrder(within).orders.openOf(userId, now);
  const numbers = (status: string) => open.filter((order) => order.status === status).map((order) => order.number).join('、');
  const reasons: string[] = [];
  if (numbers('pending')) reasons.push(`请先完成或取消未支付的订单 ${numbers('pending')}，再注销账号。`);
  if (numbers('confirming')) reasons.push(`订单 ${numbers('confirming')} 的对公转账正在等待财务确认到账，请确认完成后再注销账号；如需取消请联系客服。`);
  return reasons.length > 0 ? reasons.join('') : undefined;
}

/**
 * The bank slip of a paid (or refunded) order is the voucher of money received and stays with the
 * order; the slips of orders that were never paid go with the account's other files.
 */
export function eraseBuyer(files: Pick<FileStore, 'keep'>) {
  return async ({ id: userId }: DeletedUser, within: Tx, now: Date): Promise<void> => {
    const { orders } = ownOrder(within);
    const slips = await orders.slipsOf(userId);
    const paid = slips.filter((slip) => slip.status === 'paid' || slip.status === 'refunded');
    await files.keep(paid.map((slip) => slip.slipKey), within);
    for (const slip of slips) if (!paid.includes(slip)) await orders.forgetSlip(slip.id, now);
  };
}
