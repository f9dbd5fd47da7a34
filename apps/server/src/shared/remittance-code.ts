import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another on a bank slip. */
const REMITTANCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * A new code for a bank transfer's 附言 (8 characters), by which finance matches the money to what it
 * pays for; tried again while `taken` says it is in use.
 */
export async function newRemittanceCode(taken: (code: string) => Promise<boolean>): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => REMITTANCE_ALPHABET[randomInt(REMITTANCE_ALPHABET.length)]).join('');
    if (!(await taken(code))) return code;
  }
}
