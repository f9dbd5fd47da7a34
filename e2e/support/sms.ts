import { inject } from 'vitest';
import { readSmsFile } from '../../apps/server/test/production-server.js';

/**
 * The text of the `count`-th SMS (1 = the first) the test server sends to `to`: the server writes
 * each SMS to its log (SMS_PROVIDER=log), and global-setup collects those lines in a file.
 */
export async function waitForSms(to: string, { count = 1, timeoutMs = 15_000 } = {}): Promise<string> {
  const file = inject('smsFile');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readSmsFile(file, to)[count - 1];
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`no SMS no. ${count} to ${to} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
