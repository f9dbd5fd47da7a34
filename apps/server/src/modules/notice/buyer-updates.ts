import type { Tx } from '../../db/transactor.js';
import { isMobile, maskAccount } from '../../shared/masking.js';
import type { UserDirectory } from '../account/user-directory.js';
import type { MessageService, SmsTemplate } from '../messages/message.service.js';
import type { NoticeService } from './notice.service.js';

/** A person as the other side and their colleagues see them: the nickname (or name), else the masked account. */
export const shownName = (user: { nickName: string; name: string; account: string; deletedAt?: Date | null }, deleted = '已注销用户') =>
  user.deletedAt ? deleted : user.nickName || user.name || maskAccount(user.account);

export interface BuyerUpdateDeps {
  notices: NoticeService;
  users: Pick<UserDirectory, 'findById'>;
  messages: Pick<MessageService, 'send'>;
  /** The site's public origin (SITE_URL), for the link in e-mails. */
  siteUrl: string;
}

/** A step of the supplier's side on a buyer's record (a price request, a sales order), as the buyer's side is told of it. */
export interface BuyerUpdate {
  /** The kind of the site notice: what the record is. */
  kind: 'quote' | 'sales_order' | 'document_request';
  title: string;
  body: string;
  /** The page of the record on the site. */
  link: string;
  /** The record's number, in the SMS and the e-mail's subject. */
  number: string;
  /** The SMS: its template (variables `number` and `status`) and the status in a few words; null: notice and e-mail only. */
  sms: { template: SmsTemplate; status: string } | null;
  /** The e-mail's line before the link, e.g. 查看询价单. */
  linkLabel: string;
  /** What the person can turn off in their profile, e.g. 询价. */
  about: string;
}

/**
 * Tells the buyer's side of a step: a site notice to each recipient (the requester first) and, unless
 * a person turned messages off in their profile, an SMS (to the record's contact phone for the
 * requester, to a mobile account for the others) and an e-mail to an e-mail account, each address
 * once. Queued in the step's transaction (docs/decisions/0019).
 */
export async function tellBuyerSide(
  deps: BuyerUpdateDeps,
  record: { requesterId: number; contactName: string; contactPhone: string },
  recipients: readonly number[],
  update: BuyerUpdate,
  within: Tx,
): Promise<void> {
  const reached = new Set<string>();
  for (const userId of [...new Set([record.requesterId, ...recipients])]) {
    await deps.notices.notify(userId, { kind: update.kind, title: update.title, body: update.body, link: update.link }, within);
    const person = await deps.users.findById(userId, within);
    if (!person || person.deletedAt || !person.notifyBySmsAndEmail) continue;
    const requester = userId === record.requesterId;
    const mobile = requester ? record.contactPhone : isMobile(person.account) ? person.account : null;
    if (update.sms && mobile && !reached.has(mobile)) {
      reached.add(mobile);
      await deps.messages.send({ channel: 'sms', to: mobile, template: update.sms.template, params: { number: update.number, status: update.sms.status } }, within);
    }
    if (update.sms && person.account.includes('@') && !reached.has(person.account)) {
      reached.add(person.account);
      await deps.messages.send(
        {
          channel: 'email',
          to: person.account,
          subject: `【辅料通】${update.title}（${update.number}）`,
          text: [
            `${requester ? record.contactName : shownName(person)}，您好：`,
            '',
            update.body,
            '',
            `${update.linkLabel}：${deps.siteUrl}${update.link}`,
            '',
            `如不希望再收到${update.about}的短信与邮件通知，可在个人中心的个人资料中关闭（站内通知仍会保留）。`,
            '辅料通',
          ].join('\n'),
        },
        within,
      );
    }
  }
}
