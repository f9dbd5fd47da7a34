import { defineModule } from '../../kernel/module.js';
import type { MessagesConfig } from '../../config/config.js';
import { messageDrivers } from './message-drivers.js';
import { MessageService } from './message.service.js';
import * as tables from './messages.schema.js';
import { ownMessages, type MessagesRepositories } from './messages.repositories.js';
import { OutboxRepository } from './outbox.repository.js';

const logMessages: MessagesConfig = { SMS_PROVIDER: 'log', SMTP_URL: 'log', ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com' };

declare module '../../kernel/module.js' {
  interface Services {
    /** Outbound SMS and e-mail, sent by jobs after the commit of the change they report. */
    messages: MessageService;
  }
  interface ModuleOptions {
    /** SMS and e-mail drivers (default: both `log`). */
    messages?: MessagesConfig;
  }
}

/** Outbound SMS and e-mail: the outbox and its drivers. */
export const messagesModule = defineModule({
  name: 'messages',
  tables: [tables],
  repositories: (db): MessagesRepositories => ({ outbox: new OutboxRepository(db) }),
  provide: ({ db, transactor, services, logger, now, options }) => {
    const messageLog = logger.child({ module: 'messages' });
    const drivers = messageDrivers(options.messages ?? logMessages, messageLog);
    return {
      messages: new MessageService({ transactor, outbox: new OutboxRepository(db), jobs: services.jobs, ...drivers, logger: messageLog, now }),
    };
  },
  // The messages sent to the account's own address go with it.
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownMessages(within).outbox.deleteTo([user.account])),
  }),
});
