import type { DeletedUser } from '../../db/personal-data.js';
import type { Tx } from '../../db/transactor.js';
import type { FileStore } from '../files/file-store.js';
import { ownInvoice } from './invoice.repositories.js';

/*
 * What deleting an account (注销) means for its invoices (docs/decisions/0042): the saved titles go;
 * an issued invoice is an accounting record (《会计档案管理办法》《发票管理办法》) and stays with the title
 * as invoiced and its file, without the delivery e-mail and the address and phone; a rejected request
 * keeps nothing of the title.
 */

/** Refuses the deletion while finance has an invoice request of the user to answer. */
export async function requestedInvoicesBlocker(userId: number, within: Tx): Promise<string | undefined> {
  const orders = await ownInvoice(within).invoices.requestedOf(userId);
  if (orders.length === 0) return undefined;
  return `订单 ${orders.join('、')} 的发票正在开具中，请等发票开具后再注销账号。`;
}

/** Erases the saved titles and what an issued invoice does not need; keeps the issued invoices' files. */
export function eraseInvoiceHolder(files: Pick<FileStore, 'keep'>) {
  return async ({ id: userId }: DeletedUser, within: Tx, now: Date): Promise<void> => {
    await ownInvoice(within).invoices.deleteTitlesOf(userId);
    await files.keep(await ownInvoice(within).invoices.eraseHolder(userId, now), within);
  };
}
