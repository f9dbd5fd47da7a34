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
  provide: ({ db, transactor, services, logger, now, options, metrics }) => {
    const messageLog = logger.child({ module: 'messages' });
    const drivers = messageDrivers(options.messages ?? logMessages, messageLog);
    metrics.databaseGauges(
      {
        outbox_pending: { help: 'SMS and e-mail queued in the outbox and not sent yet, by channel.', labelNames: ['channel'] },
        outbox_oldest_pending_age_seconds: { help: 'How long the oldest message not sent yet has waited, by channel (0: none).', labelNames: ['channel'] },
      },
      async (gauges) => {
        const byChannel = new Map((await new OutboxRepository(db).pendingStats(now())).map((row) => [row.channel, row]));
        for (const channel of tables.MESSAGE_CHANNELS) {
          gauges.outbox_pending.set({ channel }, byChannel.get(channel)?.pending ?? 0);
          gauges.outbox_oldest_pending_age_seconds.set({ channel }, byChannel.get(channel)?.oldestSeconds ?? 0);
        }
      },
    );
    return {
      messages: new MessageService({ transactor, outbox: new OutboxRepository(db), jobs: services.jobs, ...drivers, logger: messageLog, now }),
    };
  },
  // The messages sent to the account's own address go with it.
  accountDeletion: () => ({
    anonymise: async (user, within) => void (await ownMessages(within).outbox.deleteTo([user.account])),
  }),
});
