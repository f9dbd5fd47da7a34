import type { DeletedUser } from '../../db/personal-data.js';
import type { Tx } from '../../db/transactor.js';
import { ownGrant } from './grant.repositories.js';

/*
 * What deleting an account (注销) means for paid access (docs/decisions/0042): a seat the user holds of
 * someone else's company membership is given back; a membership whose seats the user gave to colleagues
 * refuses the deletion until they are taken back (or it ends): deleting it would lock them out unasked.
 * The user's grants end with the account and stay, naming the anonymised account, beside the orders
 * that paid for them.
 */

export async function seatsGivenBlocker(userId: number, within: Tx, now: Date): Promise<string | undefined> {
  const given = await ownGrant(within).grants.seatsGivenBy(userId, now);
  if (given.length === 0) return undefined;
  const names = given.map((grant) => `“${grant.name}”（${grant.seats} 个成员账号）`).join('、');
  return `您的企业会员${names}仍有同事在使用，请先在个人中心“会员与订阅”中收回成员席位，再注销账号。`;
}

export async function eraseGrantHolder({ id: userId }: DeletedUser, within: Tx, now: Date): Promise<void> {
  await ownGrant(within).grants.releaseSeatsOf(userId);
  await ownGrant(within).grants.endAllOf(userId, now);
}
