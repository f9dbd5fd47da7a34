import { GRANT_REMINDER_DAYS, paths, type GrantList, type GrantState } from '@fuliaotong/contracts';
import type { CompanyService } from '../company/company.service.js';
import type { UserDirectory } from '../account/user-directory.js';
import { ownGrant } from './grant.repositories.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { GrantRepositories } from './grant.repositories.js';
import { chinaDate } from '../../shared/beijing-time.js';
import { AppError } from '../../http/errors.js';
import { isMobile, maskAccount, normalizeAccount } from '../../shared/masking.js';
import { accessOf } from '../account/auth.guard.js';
import type { MessageService } from '../messages/message.service.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { GrantRepository, GrantRow } from './grant.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last Beijing day a term ending at `end` covers, as YYYY-MM-DD (the end is the first moment after it). */
export function lastDayText(end: Date): string {
  const day = chinaDate(new Date(end.getTime() - 1));
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}`;
}

function stateOf(row: GrantRow, now: Date): GrantState {
  if (row.revokedAt) return 'ended';
  if (row.startsAt > now) return 'upcoming';
  return row.endsAt > now ? 'active' : 'lapsed';
}

/** What a paid order grants: a term of membership or of one database, for the buyer. */
export interface GrantTerm {
  userId: number;
  kind: GrantRow['kind'];
  databaseCode: GrantRow['databaseCode'];
  name: string;
  seats: number | null;
  days: number;
  orderId: number;
}

/**
 * Paid access. A grant is a term of membership (every database's 会员可见 fields) or of one database,
 * held by a user (a company membership also by the accounts given its seats). Every gate reads the
 * grants in force (`viewerOf`), so a lapsed one locks the data again while favorites and history stay.
 */
/** What reminders need: the transaction, the notices and (for e-mail accounts) the message service. */
export interface GrantReminderDeps {
  transactor: Transactor<GrantRepositories>;
  notices: NoticeService;
  messages: MessageService;
  users: Pick<UserDirectory, 'findById' | 'findByAccount'>;
  /** Seat holders of a membership bought by a member of a company are invited to the company. */
  companies: Pick<CompanyService, 'inviteSeatHolders'>;
  siteUrl: string;
}

export class GrantService {
  constructor(
    private readonly grants: GrantRepository,
    private readonly now: () => Date = () => new Date(),
    private readonly reminders?: GrantReminderDeps,
  ) {}

  /**
   * Reminds holders of grants that end in 30, 7 and 1 days (once at each step; the job runner calls
   * this every hour). A grant renewed already — the same kind runs on after it — needs no reminder.
   */
  async remindExpiring(): Promise<number> {
    if (!this.reminders) return 0;
    const { transactor, notices, messages, users, siteUrl } = this.reminders;
    const now = this.now();
    const widest = Math.max(...GRANT_REMINDER_DAYS);
    let sent = 0;
    for (const grant of await this.grants.endingBefore(now, new Date(now.getTime() + widest * DAY_MS))) {
      const daysLeft = Math.ceil((grant.endsAt.getTime() - now.getTime()) / DAY_MS);
      const step = [...GRANT_REMINDER_DAYS].sort((a, b) => a - b).find((days) => daysLeft <= days)!;
      if (grant.remindedDays !== null && grant.remindedDays <= step) continue;
      await transactor.transaction(async (within) => {
        await within.grants.markReminded(grant.id, step);
        const runsOn = await within.grants.lastEnd(grant.userId, grant.kind === 'membership' ? null : grant.databaseCode, now);
        if (runsOn && runsOn > grant.endsAt) return;
        const text = `“${grant.name}”将于 ${lastDayText(grant.endsAt)} 到期（还有 ${daysLeft} 天）。到期后会员可见的字段将重新锁定，收藏与记录保留；续费后从到期日起顺延。`;
        await notices.notify(grant.userId, { kind: 'order', title: `${grant.name}即将到期`, body: text, link: paths.upgrade }, within);
        const user = await users.findById(grant.userId, within);
        if (user && !user.deletedAt && user.notifyBySmsAndEmail && !isMobile(user.account)) {
          await messages.send(
            { channel: 'email', to: user.account, subject: `【辅料通】${grant.name}即将到期`, text: `${text}\n\n续费：${siteUrl}${paths.upgrade}` },
            within,
          );
        }
        sent += 1;
      });
    }
    return sent;
  }

  async list(userId: number): Promise<GrantList> {
    const now = this.now();
    const [rows, held] = await Promise.all([this.grants.listFor(userId), this.grants.heldBy(userId, now)]);
    const seats = await this.grants.seatsOf(rows.filter((row) => row.seats && !row.shared).map((row) => row.id));
    return {
      ...accessOf(held),
      databases: [...accessOf(held).databases],
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        databaseCode: row.databaseCode,
        name: row.name,
        seats: row.seats,
        source: row.source,
        state: stateOf(row, now),
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        shared: row.shared,
        seatHolders: (seats.get(row.id) ?? []).map((seat) => ({ userId: seat.userId, account: maskAccount(seat.account) })),
      })),
    };
  }

  /** The holder of a company membership gives one of its seats to another registered account. */
  async addSeat(userId: number, grantId: number, account: string): Promise<GrantList> {
    const { transactor } = this.required();
    await transactor.transaction(async (within) => {
      const grant = await within.grants.ownForUpdate(userId, grantId);
      if (!grant) throw new AppError('not_found', '权益不存在');
      if (!grant.seats) throw new AppError('conflict', '只有企业会员可以分配成员账号');
      if (grant.revokedAt || grant.endsAt <= this.now()) throw new AppError('conflict', '该企业会员已到期或已终止，不能再分配');
      const member = await this.required().users.findByAccount(normalizeAccount(account), within);
      if (!member || member.deletedAt) throw new AppError('not_found', '该账号不存在，请对方先注册辅料通账号');
      if (member.id === userId) throw new AppError('conflict', '持有人自己已占用一个席位，无需添加');
      const taken = (await within.grants.seatsOf([grantId])).get(grantId)?.length ?? 0;
      if (taken + 1 >= grant.seats) throw new AppError('limit_exceeded', `席位已满：企业会员共 ${grant.seats} 个账号（含您自己）`);
      if (!(await within.grants.addSeat(grantId, member.id))) throw new AppError('conflict', '该账号已在成员中');
      await this.reminders?.notices.notify(
        member.id,
        { kind: 'order', title: '您已加入企业会员', body: `您的账号已加入“${grant.name}”，有效期至 ${lastDayText(grant.endsAt)}，可查看全部数据库的会员可见字段。`, link: paths.account },
        within,
      );
      // A seat of a company's membership makes its holder a member of the company once they accept (研发).
      await this.required().companies.inviteSeatHolders(userId, [member], within);
    });
    return this.list(userId);
  }

  async removeSeat(userId: number, grantId: number, seatUserId: number): Promise<void> {
    const { transactor } = this.required();
    await transactor.transaction(async (within) => {
      const grant = await within.grants.ownForUpdate(userId, grantId);
      if (!grant || !(await within.grants.removeSeat(grantId, seatUserId))) throw new AppError('not_found', '该成员不存在');
    });
  }

  private required(): GrantReminderDeps {
    if (!this.reminders) throw new Error('GrantService was built without its transactor');
    return this.reminders;
  }

  /**
   * Grants what a paid order bought, in the payment's transaction. A renewal bought while the same kind
   * still runs starts where that one ends, so paying early loses no day.
   */
  /** Until when each user is a member (in the caller's transaction when given one). */
  membershipUntil(userIds: number[], now: Date, within?: Tx): Promise<Map<number, Date>> {
    return (within ? ownGrant(within).grants : this.grants).membershipUntil(userIds, now);
  }

  /**
   * Membership by hand (the users desk) is a grant of its own: it replaces the one staff gave before,
   * and leaves paid ones alone (a membership paid for runs its term whatever the desk does).
   */
  async setStaffMembership(userId: number, until: Date | null, grantedBy: number, now: Date, within: Tx): Promise<void> {
    const { grants } = ownGrant(within);
    await grants.endStaffMemberships(userId, now);
    if (until && until > now) {
      await grants.insert({ userId, kind: 'membership', name: '会员（工作人员开通）', source: 'staff', grantedBy, startsAt: now, endsAt: until });
    }
  }

  /** Ends the grants a refunded order gave (in the refund's transaction). */
  async endByOrder(orderId: number, at: Date, within: Tx): Promise<void> {
    await ownGrant(within).grants.endByOrder(orderId, at);
  }

  async grantPaid(within: Tx, term: GrantTerm, paidAt: Date): Promise<GrantRow> {
    const existing = await ownGrant(within).grants.findByOrder(term.orderId);
    if (existing && !existing.revokedAt) return existing;
    const runsUntil = await ownGrant(within).grants.lastEnd(term.userId, term.kind === 'membership' ? null : term.databaseCode, paidAt);
    const startsAt = runsUntil && runsUntil > paidAt ? runsUntil : paidAt;
    return ownGrant(within).grants.insert({
      userId: term.userId,
      kind: term.kind,
      databaseCode: term.kind === 'membership' ? null : term.databaseCode,
      name: term.name,
      seats: term.seats,
      source: 'order',
      orderId: term.orderId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + term.days * DAY_MS),
    });
  }
}
