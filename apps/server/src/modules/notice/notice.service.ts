import type { Notice, NoticeKind, Page } from '@fuliaotong/contracts';
import type { Tx } from '../../db/transactor.js';
import { ownNotice } from './notice.repositories.js';
import { AppError } from '../../http/errors.js';
import type { NoticeRepository, NoticeRow } from './notice.repository.js';

export interface NewNotice {
  kind: NoticeKind;
  title: string;
  body: string;
  link?: string | null;
}

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's notices (站内通知): other features call `notify`; the account pages read them. */
export class NoticeService {
  constructor(private readonly notices: NoticeRepository) {}

  /** Sends a notice; pass the repositories of a transaction to make it part of the change it reports. */
  async notify(userId: number, notice: NewNotice, within?: Tx): Promise<void> {
    await ((within ? ownNotice(within).notices : this.notices)).insert(userId, { ...notice, link: notice.link ?? null });
  }

  async list(userId: number, page: number, pageSize: number, unreadOnly: boolean): Promise<Page<Notice>> {
    const { rows, totalCount } = await this.notices.page(userId, unreadOnly, pageSize, (page - 1) * pageSize);
    return { items: rows.map(toNotice), totalCount };
  }

  unreadCount(userId: number): Promise<number> {
    return this.notices.unreadCount(userId);
  }

  async markRead(userId: number, id: number): Promise<Notice> {
    const row = await this.notices.find(userId, id);
    if (!row) throw new AppError('not_found', '通知不存在');
    if (row.readAt) return toNotice(row);
    return toNotice(await this.notices.markRead(id));
  }

  async markAllRead(userId: number): Promise<void> {
    await this.notices.markAllRead(userId);
  }
}
