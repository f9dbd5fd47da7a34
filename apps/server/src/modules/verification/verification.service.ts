import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { UserDirectory } from '../account/user-directory.js';
import { ownVerification } from './verification.repositories.js';
import {
  CAPTCHA_TTL_SECONDS,
  CODE_LENGTH,
  CODE_MAX_TRIES,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type Captcha,
  type SendCodeBody,
  type SendCodeResponse,
  VERIFICATION_PURPOSES,
} from '@fuliaotong/contracts';
import type { Transactor, Tx } from '../../db/transactor.js';
import type { VerificationRepositories } from './verification.repositories.js';
import { AppError } from '../../http/errors.js';
import { isMobile, maskAccount, normalizeAccount } from '../../shared/masking.js';
import type { Limit } from '../account/throttle.js';
import type { CaptchaMaker } from './captcha.js';
import type { CodeSender } from './code-sender.js';
import type { CodeCount, VerificationRepository } from './verification.repository.js';
import { SERVER_CODE_PURPOSES, type CodePurpose, type ServerCodePurpose } from './code-purposes.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How many codes may be sent, and when a captcha comes first; tests lower them. Stated in the README.
 * Codes anyone may ask for (send-code) and the codes of a staff member's second factor are counted
 * apart: nobody can spend a staff member's quota but whoever has the password (docs/decisions/0040).
 */
export interface VerificationLimits {
  /** Codes to one account: at most one a minute … */
  perAccountResend: Limit;
  /** … and 10 a day. */
  perAccountDay: Limit;
  /** Codes asked for from one client address, an hour and a day (a company often shares one address). */
  perIpHour: Limit;
  perIpDay: Limit;
  /** Codes the whole site sends in 24 hours (what the SMS contract is sized for). */
  globalDay: Limit;
  /** More codes than this to an account, or from an address, in the window: the next one needs a captcha. */
  captchaAfterPerAccount: Limit;
  captchaAfterPerIp: Limit;
  /** Captchas handed out to one address. */
  captchasPerIp: Limit;
  /** Second-factor codes to one staff account (after the right password), a minute and a day: a quota of their own. */
  staffResend: Limit;
  staffDay: Limit;
}

export const defaultVerificationLimits: VerificationLimits = {
  perAccountResend: { max: 1, windowMs: CODE_RESEND_SECONDS * 1000 },
  perAccountDay: { max: 10, windowMs: DAY },
  perIpHour: { max: 20, windowMs: HOUR },
  perIpDay: { max: 50, windowMs: DAY },
  globalDay: { max: 2000, windowMs: DAY },
  captchaAfterPerAccount: { max: 3, windowMs: 10 * MINUTE },
  captchaAfterPerIp: { max: 5, windowMs: 10 * MINUTE },
  captchasPerIp: { max: 30, windowMs: 10 * MINUTE },
  staffResend: { max: 1, windowMs: CODE_RESEND_SECONDS * 1000 },
  staffDay: { max: 10, windowMs: DAY },
};

/** Codes anyone may ask for through send-code; the limits of send-code count only these. */
const PUBLIC_PURPOSES = VERIFICATION_PURPOSES;

/** Rows older than the longest window are of no use to any limit. */
const KEEP_MS = DAY + HOUR;

function formatWait(seconds: number): string {
  if (seconds <= 90) return `${seconds} 秒`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${Math.ceil(seconds / 3600)} 小时`;
}

function codeIssue(message: string): AppError<'code_invalid'> {
  return new AppError('code_invalid', message, [{ path: 'body.code', message }]);
}

function captchaIssue(message: string): AppError<'captcha_required'> {
  return new AppError('captcha_required', message, [{ path: 'body.captcha', message }]);
}

export interface VerificationServiceDeps {
  codes: VerificationRepository;
  /** Counting and recording a code happen in one transaction, under the counting locks. */
  transactor: Transactor<VerificationRepositories>;
  /** Whether an account exists (a code for an unknown one is counted but not sent). */
  users: Pick<UserDirectory, 'findByAccount'>;
  sender: CodeSender;
  limits: VerificationLimits;
  /** The server's secret: codes and captcha answers are stored as HMACs under a key derived from it. */
  secret: Uint8Array;
  makeCaptcha: CaptchaMaker;
  now?: () => Date;
}

/**
 * Verification codes (验证码) and image captchas (docs/decisions/0021): sends a 6-digit code to an
 * account within the sending limits, asks for a captcha first when an account or an address asks for
 * many, and checks a code once for the action it was sent for. Answers never tell whether the account
 * exists: a code for an unknown account is recorded (and counted) like any other, only not sent.
 */
export class VerificationService {
  private readonly key: Buffer;
  private readonly now: () => Date;

  constructor(private readonly deps: VerificationServiceDeps) {
    this.key = Buffer.from(hkdfSync('sha256', deps.secret, new Uint8Array(0), 'fuliaotong verification codes', 32));
    this.now = deps.now ?? (() => new Date());
  }

  private hmac(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\u0000')).digest('hex');
  }

  private static same(a: string, b: string): boolean {
    const x = Buffer.from(a, 'hex');
    const y = Buffer.from(b, 'hex');
    return x.length === y.length && timingSafeEqual(x, y);
  }

  async sendCode(body: SendCodeBody, client: { ip: string }): Promise<SendCodeResponse> {
    const account = normalizeAccount(body.account);
    const channel = isMobile(account) ? 'sms' : 'email';
    if (body.purpose === 'register' && channel !== 'sms') {
      const message = '注册请使用 11 位手机号码';
      throw new AppError('validation_failed', message, [{ path: 'body.account', message }]);
    }
    const now = this.now();
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    // Counted and recorded under the locks of the account, the address and the site, in that order:
    // parallel requests count one after another and no limit or captcha threshold can be passed. A
    // captcha is used up even when the answer is wrong, so its refusal is thrown after the commit.
    const captchaRefusal = await this.deps.transactor.transaction(async (within) => {
      await within.codes.lockCounting('account', account);
      await within.codes.lockCounting('ip', client.ip);
      const { limits } = this.deps;
      const since = (limit: Limit) => new Date(now.getTime() - limit.windowMs);
      const count = (subject: { account?: string; ip?: string }, limit: Limit) =>
        within.codes.countCodes({ ...subject, purposes: PUBLIC_PURPOSES }, since(limit));
      await this.admit(limits.perAccountResend, count({ account }, limits.perAccountResend), now, '获取验证码过于频繁');
      await this.admit(limits.perAccountDay, count({ account }, limits.perAccountDay), now, '该账号获取验证码的次数已达上限');
      await this.admit(limits.perIpHour, count({ ip: client.ip }, limits.perIpHour), now, '当前网络获取验证码过于频繁');
      await this.admit(limits.perIpDay, count({ ip: client.ip }, limits.perIpDay), now, '当前网络获取验证码的次数已达上限');
      const [byAccount, byIp] = [await count({ account }, limits.captchaAfterPerAccount), await count({ ip: client.ip }, limits.captchaAfterPerIp)];
      if (byAccount.n >= limits.captchaAfterPerAccount.max || byIp.n >= limits.captchaAfterPerIp.max) {
        const refusal = await this.passCaptcha(within, body.captchaId, body.captcha, now);
        if (refusal) return refusal;
      }
      await within.codes.lockCounting('site', '');
      await this.admit(limits.globalDay, count({}, limits.globalDay), now, '验证码发送量已达今日上限');
      await within.codes.insertCode({
        account,
        purpose: body.purpose,
        channel,
        codeHash: this.hmac(body.purpose, account, code),
        ip: client.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      });
      // A code for an unknown account is recorded and counted, but not sent (no account enumeration).
      if (body.purpose === 'register' || (await this.deps.users.findByAccount(account, within))) {
        await this.deps.sender.sendCode({ channel, address: account }, code, within);
      }
      return undefined;
    });
    if (captchaRefusal) throw captchaRefusal;
    return { channel, to: maskAccount(account), expiresIn: CODE_TTL_SECONDS, resendIn: CODE_RESEND_SECONDS };
  }

  /**
   * Sends a code the server itself decided to send (the second step of a staff log-in, after the right
   * password): only to an existing account, without a captcha, within a quota of the account's own
   * that codes asked for through send-code do not spend — nor count against the address or the site.
   */
  async sendServerCode(rawAccount: string, purpose: ServerCodePurpose, client: { ip: string }): Promise<SendCodeResponse> {
    const account = normalizeAccount(rawAccount);
    const channel = isMobile(account) ? 'sms' : 'email';
    const now = this.now();
    const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    await this.deps.transactor.transaction(async (within) => {
      await within.codes.lockCounting('account', account);
      const { limits } = this.deps;
      const count = (limit: Limit) =>
        within.codes.countCodes({ account, purposes: SERVER_CODE_PURPOSES }, new Date(now.getTime() - limit.windowMs));
      await this.admit(limits.staffResend, count(limits.staffResend), now, '获取验证码过于频繁');
      await this.admit(limits.staffDay, count(limits.staffDay), now, '该账号获取验证码的次数已达上限');
      await within.codes.insertCode({
        account,
        purpose,
        channel,
        codeHash: this.hmac(purpose, account, code),
        ip: client.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      });
      await this.deps.sender.sendCode({ channel, address: account }, code, within);
    });
    return { channel, to: maskAccount(account), expiresIn: CODE_TTL_SECONDS, resendIn: CODE_RESEND_SECONDS };
  }

  /** Throws 429 when one more code would pass the limit (what is counted so far, under its lock). */
  private async admit(limit: Limit, counting: Promise<CodeCount>, now: Date, message: string): Promise<void> {
    const count = await counting;
    if (count.n + 1 > limit.max) this.refuse(limit, count, now, message);
  }

  private refuse(limit: Limit, count: CodeCount, now: Date, message: string): never {
    const oldest = count.oldest?.getTime() ?? now.getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000));
    throw new AppError('too_many_requests', `${message}，请 ${formatWait(retryAfter)}后再试`, undefined, {
      'retry-after': String(retryAfter),
    });
  }

  /**
   * Uses up the captcha the request carries (one try, right or wrong) and answers the refusal to
   * throw once that is committed, or undefined when the answer is right.
   */
  private async passCaptcha(within: Tx, id: string | undefined, answer: string | undefined, now: Date): Promise<AppError | undefined> {
    if (!id || !answer) return captchaIssue('请输入图片验证码');
    const hash = await ownVerification(within).codes.useCaptcha(id, now);
    if (!hash) return captchaIssue('图片验证码已失效，请换一张');
    if (!VerificationService.same(this.hmac('captcha', id, answer.trim().toLowerCase()), hash)) {
      return captchaIssue('图片验证码错误，请重新输入');
    }
    return undefined;
  }

  /** A new image captcha for this client address. */
  async createCaptcha(client: { ip: string }): Promise<Captcha> {
    const { limits } = this.deps;
    const now = this.now();
    const image = this.deps.makeCaptcha();
    const id = randomUUID();
    // Counted and recorded under the address's lock: parallel requests cannot pass the limit.
    await this.deps.transactor.transaction(async (within) => {
      await within.codes.lockCounting('captchaIp', client.ip);
      await this.admit(limits.captchasPerIp, within.codes.countCaptchas(client.ip, new Date(now.getTime() - limits.captchasPerIp.windowMs)), now, '图片验证码获取过于频繁');
      await within.codes.insertCaptcha({
        id,
        answerHash: this.hmac('captcha', id, image.text.toLowerCase()),
        ip: client.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      });
    });
    return { id, svg: image.svg, expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /**
   * Checks a code against the latest one sent to the account for this purpose and uses it up when it
   * is right. Each check counts as one of the code's tries; throws `code_invalid` otherwise. Never
   * inside a transaction that a wrong code rolls back: the try must count.
   */
  async check(rawAccount: string, purpose: CodePurpose, code: string): Promise<void> {
    const { codes } = this.deps;
    const account = normalizeAccount(rawAccount);
    const now = this.now();
    const row = await codes.takeAttempt(account, purpose, now, CODE_MAX_TRIES);
    if (!row) throw codeIssue('验证码已失效，请重新获取');
    if (!VerificationService.same(this.hmac(purpose, account, code.trim()), row.codeHash)) {
      const left = CODE_MAX_TRIES - row.attempts;
      throw codeIssue(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
    }
    if (!(await codes.consume(row.id, now))) throw codeIssue('验证码已失效，请重新获取');
  }

  async prune(): Promise<void> {
    await this.deps.codes.prune(new Date(this.now().getTime() - KEEP_MS));
  }
}
