import { CODE_TTL_SECONDS } from '@fuliaotong/contracts';
import type { Tx } from '../../db/transactor.js';
import type { MessageService } from '../messages/message.service.js';

/** Where a verification code goes: a mobile number by SMS or an e-mail address. */
export interface CodeRecipient {
  channel: 'sms' | 'email';
  address: string;
}

/** What the verification service needs of outbound messages: one code to one recipient, optionally in the caller's transaction. */
export interface CodeSender {
  sendCode(to: CodeRecipient, code: string, within?: Tx): Promise<void>;
}

/** The subject and text of a code's e-mail (the SMS is the `verification_code` template). */
export function codeMail(code: string) {
  const minutes = CODE_TTL_SECONDS / 60;
  return {
    subject: `辅料通验证码：${code}`,
    text: [
      '您好：',
      '',
      `您的辅料通验证码为 ${code}，${minutes} 分钟内有效。`,
      '请勿把验证码告诉他人，辅料通工作人员不会向您索要验证码。如非本人操作，请忽略本邮件。',
      '',
      '辅料通',
    ].join('\n'),
  };
}

/**
 * Codes leave through the outbound-message service: queued in the caller's transaction (with the
 * code's hash), sent by the job runner after commit, retried when a provider fails.
 */
export class MessageCodeSender implements CodeSender {
  constructor(private readonly messages: MessageService) {}

  async sendCode(to: CodeRecipient, code: string, within?: Tx): Promise<void> {
    if (to.channel === 'sms') {
      await this.messages.send({ channel: 'sms', to: to.address, template: 'verification_code', params: { code } }, within);
    } else {
      await this.messages.send({ channel: 'email', to: to.address, ...codeMail(code) }, within);
    }
  }
}
