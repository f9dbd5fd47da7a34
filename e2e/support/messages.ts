import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

/**
 * Verification codes the server sent, read from its log (e2e/support/global-setup.ts writes every
 * line of it to a file). The message driver of a development or test server logs each SMS as one
 * info line with `smsTo` and `smsText`, each e-mail with `mailTo`, `mailSubject` and `mailText`
 * (apps/server/src/modules/verification/code-sender.ts).
 */

interface MessageLine {
  smsTo?: string;
  smsText?: string;
  mailTo?: string;
  mailText?: string;
}

/** The code in a message's text: six digits on their own (whatever the template's wording). */
const CODE = /(?<!\d)(\d{6})(?!\d)/;

/** Every code sent to a mobile number or an e-mail address so far, oldest first. */
export async function codesSentTo(to: string): Promise<string[]> {
  const log = await readFile(inject('serverLog'), 'utf8');
  const codes: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes(to)) continue;
    let message: MessageLine;
    try {
      message = JSON.parse(line) as MessageLine;
    } catch {
      continue;
    }
    const text = message.smsTo === to ? message.smsText : message.mailTo === to ? message.mailText : undefined;
    const code = text ? CODE.exec(text)?.[1] : undefined;
    if (code) codes.push(code);
  }
  return codes;
}

/**
 * The next code sent to `to` after the first `seen` ones (take `seen` from codesSentTo before the step
 * that sends it), waiting for the server's log line to arrive.
 */
export async function nextCodeTo(to: string, seen = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = await codesSentTo(to);
    if (codes.length > seen) return codes[seen]!;
    if (Date.now() > deadline) throw new Error(`no code was sent to ${to} within ${timeoutMs / 1000} s (${seen} seen before)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
