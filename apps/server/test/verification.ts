import type { FastifyInstance } from 'fastify';
import { endpoints, type VerificationPurpose } from '@fuliaotong/contracts';
import type { Database } from '../src/db/database.js';
import { GOOD_PASSWORD, insertAccount, newAccount } from './accounts.js';
import { outboxMessages } from './messages.js';
import { databaseOf } from './test-app.js';
import type { CaptchaMaker } from '../src/modules/verification/captcha.js';
import { makeCaptcha } from '../src/modules/verification/captcha.js';
import { parsed } from './responses.js';

/**
 * The last verification code the app queued for an address (a mobile number or an e-mail address),
 * read from the outbox; undefined when none was sent.
 */
export async function lastCode(app: FastifyInstance, to: string): Promise<string | undefined> {
  const messages = await outboxMessages(databaseOf(app), to);
  const codes = messages.map((m) => m.params?.code ?? /验证码为 (\d{6})/.exec(m.body)?.[1]).filter((c) => c !== undefined);
  return codes.at(-1);
}

/**
 * Asks for a code from a client address and answers the code that was sent; fails the test when the
 * request is refused or nothing was sent.
 */
export async function codeFor(app: FastifyInstance, account: string, purpose: VerificationPurpose, ip: string): Promise<string> {
  const response = await sendCode(app, { account, purpose }, ip);
  parsed(response, endpoints.accountSendCode.responses[200]);
  const code = await lastCode(app, account.trim().toLowerCase());
  if (!code) throw new Error(`no code was sent to ${account}`);
  return code;
}

export function sendCode(app: FastifyInstance, body: Record<string, unknown>, ip: string) {
  return app.inject({ method: 'POST', url: '/api/app/account/send-code', payload: body, headers: { 'x-forwarded-for': ip } });
}

/** A captcha maker that also remembers the text of each captcha it made, for tests that must solve one. */
export function recordingCaptchas(): { makeCaptcha: CaptchaMaker; lastText: () => string | undefined } {
  let last: string | undefined;
  return {
    makeCaptcha: () => {
      const image = makeCaptcha();
      last = image.text;
      return image;
    },
    lastText: () => last,
  };
}

/** A code that is not this one (guessing a fixed one would be right once in a million runs). */
export function otherThan(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/**
 * The first step of a staff log-in, done: a new staff account, its password sent, and what the
 * second step needs (the challenge and the code that went to the account).
 */
export async function staffChallenge(t: { app: FastifyInstance; database: Database }, ip: string): Promise<{ challenge: string; code: string }> {
  const account = newAccount();
  await insertAccount(t.database, account, { roles: ['reviewer'] });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/account/login',
    payload: { account, password: GOOD_PASSWORD },
    headers: { 'x-forwarded-for': ip },
  });
  const answer = parsed(response, endpoints.accountLogin.responses[200]);
  if (!('challenge' in answer)) throw new Error('a staff log-in answered a session without a second factor');
  const code = await lastCode(t.app, account);
  if (!code) throw new Error(`no code was sent to ${account}`);
  return { challenge: answer.challenge, code };
}
