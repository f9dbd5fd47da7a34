import type { FastifyBaseLogger } from 'fastify';
import { CODE_TTL_SECONDS } from '@fuliaotong/contracts';
import type { Repositories } from '../../db/transactor.js';

/** Where a verification code goes: a mobile number by SMS or an e-mail address. */
export interface CodeRecipient {
  channel: 'sms' | 'email';
  address: string;
}

/**
 * What the verification service needs of outbound messages: one code to one recipient, optionally in
 * the caller's transaction. The outbound-message service implements it; until then `LogCodeSender`.
 */
export interface CodeSender {
  sendCode(to: CodeRecipient, code: string, within?: Repositories): Promise<void>;
}

/** The text of a code's SMS (template `verification_code`) and e-mail. */
export function codeMessage(code: string) {
  const minutes = CODE_TTL_SECONDS / 60;
  return {
    sms: `【辅料通】您的验证码是 ${code}，${minutes} 分钟内有效。请勿告诉他人；如非本人操作，请忽略本短信。`,
    mailSubject: `辅料通验证码：${code}`,
    mailText: [
      '您好：',
      '',
      `您的辅料通验证码是 ${code}，${minutes} 分钟内有效。`,
      '请勿把验证码告诉他人，辅料通工作人员不会向您索要验证码。如非本人操作，请忽略本邮件。',
      '',
      '辅料通',
    ].join('\n'),
  };
}

const senders = new WeakMap<object, LogCodeSender>();

/**
 * The development and test driver: nothing leaves the machine. Each SMS is one info-level log line
 * with `smsTo` and `smsText`, each e-mail one with `mailTo`, `mailSubject` and `mailText` — the only
 * lines that ever carry a code or a whole mobile number. The last code per address is also kept in
 * memory, for tests (test/verification.ts: `lastCode`).
 */
export class LogCodeSender implements CodeSender {
  private readonly last = new Map<string, string>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** The sender an app was built with (`attachTo`), for tests. */
  static of(owner: object): LogCodeSender | undefined {
    return senders.get(owner);
  }

  attachTo(owner: object): this {
    senders.set(owner, this);
    return this;
  }

  async sendCode(to: CodeRecipient, code: string): Promise<void> {
    const message = codeMessage(code);
    if (to.channel === 'sms') this.log.info({ smsTo: to.address, smsText: message.sms }, 'sms sent (log driver)');
    else this.log.info({ mailTo: to.address, mailSubject: message.mailSubject, mailText: message.mailText }, 'e-mail sent (log driver)');
    this.last.set(to.address, code);
  }

  /** The last code sent to this address, if any. */
  lastCode(address: string): string | undefined {
    return this.last.get(address);
  }
}
