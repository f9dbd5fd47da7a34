import type { StaffRole } from '@fuliaotong/contracts';
import type { UserDirectory } from '../account/user-directory.js';
import type { Tx } from '../../db/transactor.js';
import { isMobile } from '../../shared/masking.js';
import type { MessageService } from '../messages/message.service.js';
import type { NoticeService } from './notice.service.js';

/** New work for the staff: what it is (a kind of thing and its number) and where it is handled. */
export interface NewWork {
  /** 样品申请, 银行转账凭证, 开票申请 … */
  kind: string;
  number: string;
  title: string;
  body: string;
  /** The desk's page of it, site-relative. */
  link: string;
}

/**
 * Tells the staff holding a role of new work to do (a new sample application for the reviewers; a
 * bank slip or an invoice request for finance): an in-site notice always, and — unless they turned
 * messages off in their profile — an e-mail to an e-mail account or an SMS to a mobile one. Written in
 * the transaction that creates the work, so the staff hear of exactly what was committed.
 */
export class StaffAlerts {
  constructor(
    private readonly deps: { notices: NoticeService; messages: MessageService; users: Pick<UserDirectory, 'staffWith'>; siteUrl: string },
  ) {}

  async tell(roles: readonly StaffRole[], work: NewWork, within: Tx): Promise<void> {
    const staff = await this.deps.users.staffWith(roles, within);
    for (const member of staff) {
      await this.deps.notices.notify(member.id, { kind: 'system', title: work.title, body: work.body, link: work.link }, within);
      if (!member.notifyBySmsAndEmail) continue;
      if (isMobile(member.account)) {
        await this.deps.messages.send(
          { channel: 'sms', to: member.account, template: 'staff_new_work', params: { kind: work.kind, number: work.number } },
          within,
        );
      } else {
        await this.deps.messages.send(
          {
            channel: 'email',
            to: member.account,
            subject: `【辅料通工作台】${work.title}`,
            text: [work.body, '', `前往处理：${this.deps.siteUrl}${work.link}`, '', '如不希望收到此类邮件，可在个人中心的个人资料中关闭短信与邮件通知。'].join('\n'),
          },
          within,
        );
      }
    }
  }
}
