import { defineModule } from '../../kernel/module.js';
import { NoticeRepository } from './notice.repository.js';
import { ownNotice, type NoticeRepositories } from './notice.repositories.js';
import { noticeRoutes } from './notice.routes.js';
import * as tables from './notice.schema.js';
import { NoticeService } from './notice.service.js';
import { StaffAlerts } from './staff-alerts.js';

declare module '../../kernel/module.js' {
  interface Services {
    notices: NoticeService;
    /** Tells the staff holding a role of new work (a notice, and an SMS or e-mail unless they turned that off). */
    staffAlerts: StaffAlerts;
  }
}

/** 消息: notices to a user, and the staff's alerts of new work. */
export const noticeModule = defineModule({
  name: 'notice',
  tables: [tables],
  repositories: (db): NoticeRepositories => ({ notices: new NoticeRepository(db) }),
  provide: ({ db, services, config }) => {
    const notices = new NoticeService(new NoticeRepository(db));
    return { notices, staffAlerts: new StaffAlerts({ notices, messages: services.messages, users: services.users, siteUrl: config.SITE_URL }) };
  },
  routes: async (app, { services }) => app.register(noticeRoutes, { notices: services.notices, guard: services.guard }),
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownNotice(within).notices.deleteAllOf(user.id)),
  }),
});
