import { z } from 'zod';
import { ownMessages } from './messages.repositories.js';
import type { Transactor, Tx } from '../../db/transactor.js';
import { type MessagesRepositories } from './messages.repositories.js';
import { maskText } from '../../logging/mask.js';
import type { JobContext, JobKind, JobLogger, JobRunner } from '../jobs/job-runner.js';
import type { MailDriver, SmsDriver } from './message-drivers.js';
import type { NewOutboxMessage, OutboxRepository } from './outbox.repository.js';
import { smsTemplates } from './sms-templates.js';

export type SmsTemplate = 'verification_code' | 'application_status' | 'quote_status' | 'sales_order_status' | 'staff_new_work' | 'change_notice';

export type OutboundMessage =
  | { channel: 'sms'; to: string; template: SmsTemplate; params: Record<string, string> }
  | { channel: 'email'; to: string; subject: string; text: string };

/** How often a message is tried, and how long the first retry waits (it doubles with each further one). */
export const MESSAGE_MAX_ATTEMPTS = 5;
const MESSAGE_BACKOFF_MS = 20_000;
/** What the outbox and the log keep of an error. */
const ERROR_MAX = 500;

export interface MessageServiceDeps {
  transactor: Transactor<MessagesRepositories>;
  outbox: OutboxRepository;
  jobs: JobRunner;
  sms: SmsDriver;
  mail: MailDriver;
  logger: JobLogger;
  now?: () => Date;
}

const SendPayload = z.object({ messageId: z.number().int().positive() });

/** The outbox row of a message: checked (an SMS's parameters must fit its template) and rendered. */
function outboxRow(message: OutboundMessage): NewOutboxMessage {
  const to = message.to.trim();
  if (!to) throw new Error('a message needs a recipient');
  if (message.channel === 'sms') {
    const template = smsTemplates[message.template];
    return { channel: 'sms', recipient: to, template: message.template, params: message.params, body: template.render(message.params) };
  }
  return { channel: 'email', recipient: to, subject: message.subject, body: message.text };
}

const errorText = (error: unknown) => maskText(error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);

/**
 * Outbound messages, SMS and e-mail (docs/decisions/0019). `send` keeps the message in the outbox and
 * queues its job, both in the caller's transaction when one is given: the message exists only if the
 * change it reports commits, and it leaves only after that commit. The job hands it to the configured
 * driver (`log` by default, `aliyun` / SMTP in production: the same path either way), retrying with
 * backoff; a message that keeps failing ends as `failed` with its error in the outbox and the log.
 */
export class MessageService {
  private readonly sendJob: JobKind<z.infer<typeof SendPayload>>;

  constructor(private readonly deps: MessageServiceDeps) {
    this.sendJob = deps.jobs.register('message.send', {
      payload: SendPayload,
      maxAttempts: MESSAGE_MAX_ATTEMPTS,
      backoffMs: MESSAGE_BACKOFF_MS,
      handle: ({ messageId }, job) => this.deliver(messageId, job),
      onFailure: ({ messageId }, error) => this.giveUp(messageId, error),
    });
  }

  /** Closes the drivers' connections (the server is stopping; jobs have finished). */
  close(): void {
    this.deps.mail.close?.();
  }

  /** Deletes the messages sent to these addresses (their owner's account or contact details are erased). */
  async forgetTo(addresses: string[], within?: Tx): Promise<void> {
    await (within ? ownMessages(within).outbox : this.deps.outbox).deleteTo(addresses);
  }

  /** Queues a message in the transaction of `within` (Tx from the Transactor<MessagesRepositories>) or on its own; it is sent after commit. */
  async send(message: OutboundMessage, within?: Tx): Promise<void> {
    const row = outboxRow(message);
    await this.deps.transactor.transaction(async (repositories) => {
      const messageId = await repositories.outbox.insert(row);
      await this.sendJob.enqueue({ messageId }, { within: repositories });
    }, within);
  }

  private async deliver(messageId: number, job: JobContext): Promise<void> {
    const { outbox } = this.deps;
    const message = await outbox.find(messageId);
    // Erased before it went out: its recipient deleted the account (注销).
    if (!message) return;
    if (message.status !== 'queued') return;
    const driver = message.channel === 'sms' ? this.deps.sms : this.deps.mail;
    try {
      const receipt =
        message.channel === 'sms'
          ? await this.deps.sms.send({
              to: message.recipient,
              template: message.template as SmsTemplate,
              params: message.params ?? {},
              text: message.body,
            })
          : await this.deps.mail.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
      await outbox.markSent(messageId, { driver: driver.name, providerId: receipt.providerId, attempts: job.attempt, at: this.now() });
    } catch (error) {
      await outbox.recordFailure(messageId, { driver: driver.name, attempts: job.attempt, error: errorText(error) });
      throw error;
    }
  }

  private async giveUp(messageId: number, error: string): Promise<void> {
    await this.deps.outbox.markFailed(messageId, maskText(error).slice(0, ERROR_MAX));
    const message = await this.deps.outbox.find(messageId);
    this.deps.logger.error(
      { messageId, channel: message?.channel, to: message ? maskText(message.recipient) : undefined, attempts: message?.attempts, error: maskText(error) },
      'message could not be sent',
    );
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }
}
