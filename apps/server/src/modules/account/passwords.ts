import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '@fuliaotong/contracts';

/** OWASP's recommended argon2id parameters: 19 MiB of memory, 2 passes, 1 lane. */
// `algorithm: 2` is Argon2id (the package exports it as an ambient const enum, which isolated modules cannot read).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Popular in Chinese password leaks but missing from the English-centric list. */
const chineseCommon = [
  'woaini1314', 'woaini520', '5201314520', 'qq123456', 'a1234567', 'a12345678', 'aa123456', 'abc12345',
  'zxc123456', 'asd123456', 'qwe123456', 'wang1234', 'li123456', 'zhang123', '1qaz2wsx', 'aini1314',
  '11223344', '12341234', '147258369', '123456789a', 'a123456789', 'iloveyou1', 'p@ssw0rd', 'passw0rd',
];

let common: Set<string> | undefined;

/** True for a password in the list of the most common ones (compared case-insensitively). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    [...dictionary['passwords-common'], ...chineseCommon]
      .filter((p) => p.length >= PASSWORD_MIN)
      .map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown accounts so that the answer takes as long as for a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1f0c');
  await verifyPassword(await dummyHash, password);
}
