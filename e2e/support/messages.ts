import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

/**
 * Verification codes the server sent, read from its log (e2e/support/global-setup.ts writes every
 * line of it to a file). The message driver of a development or test server logs each SMS as one
 * info line with `smsTo` and `smsText`, each e-mail with `mailTo`, `mailSubject` and `mailText`
 * (apps/server/src/modules/messages/message-drivers.ts).
 */

interface MessageLine {
  time?: number;
  smsTo?: string;
  smsText?: string;
  mailTo?: string;
  mailText?: string;
}

/** The code in a message's text: six digits on their own (whatever the template's wording). */
const CODE = /(?<!\d)(\d{6})(?!\d)/;

/** The text of every SMS and e-mail sent to a mobile number or an e-mail address so far, oldest first. */
async function textsSentTo(to: string): Promise<string[]> {
  return textsIn(await readFile(inject('serverLog'), 'utf8'), to);
}

/** The code in each message to `to` in a server log's text, oldest first. */
export function codesIn(log: string, to: string): string[] {
  return textsIn(log, to).map((text) => CODE.exec(text)?.[1]).filter((code) => code !== undefined);
}

function textsIn(log: string, to: string): string[] {
  const texts: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes(to)) continue;
    let message: MessageLine;
    try {
      message = JSON.parse(line) as MessageLine;
    } catch {
      continue;
    }
    const text = message.smsTo === to ? message.smsText : message.mailTo === to ? message.mailText : undefined;
    if (text) texts.push(text);
  }
  return texts;
}

/** The server's time (ms) of the last message with a code to `to` in a server log's text, if any. */
export function lastCodeTimeIn(log: string, to: string): number | undefined {
  let last: number | undefined;
  for (const line of log.split('\n')) {
    if (!line.includes(to)) continue;
    try {
      const message = JSON.parse(line) as MessageLine;
      const text = message.smsTo === to ? message.smsText : message.mailTo === to ? message.mailText : undefined;
      if (text && CODE.test(text) && typeof message.time === 'number') last = message.time;
    } catch {
      continue;
    }
  }
  return last;
}

/**
 * Waits until the server sends `to` a new code again: a code to one account goes out at most once a
 * minute, and two journeys may sign the same person in one after the other (the sales staff verify
 * companies and answer price requests).
 */
export async function untilCodeMayBeSent(to: string, resendMs = 61_000): Promise<void> {
  const last = lastCodeTimeIn(await readFile(inject('serverLog'), 'utf8'), to);
  const wait = last === undefined ? 0 : last + resendMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Every code sent to a mobile number or an e-mail address so far, oldest first. */
export async function codesSentTo(to: string): Promise<string[]> {
  return codesIn(await readFile(inject('serverLog'), 'utf8'), to);
}

/** The text of the `count`-th message (1 = the first) sent to `to`, waiting for the server's log line. */
export async function waitForSms(to: string, { count = 1, timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await textsSentTo(to))[count - 1];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no message no. ${count} to ${to} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The next code sent to `to` after the first `seen` ones (take `seen` from codesSentTo before the step
 * that sends it), waiting for the server's log line to arrive: the job runner sends it, which on a
 * machine busy with the other CI stages can take well over ten seconds.
 */
export async function nextCodeTo(to: string, seen = 0, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = await codesSentTo(to);
    if (codes.length > seen) return codes[seen]!;
    if (Date.now() > deadline) throw new Error(`no code was sent to ${to} within ${timeoutMs / 1000} s (${seen} seen before)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
