import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database.js';
import { users } from '../src/modules/account/account.schema.js';
import { hashPassword } from '../src/modules/account/passwords.js';
import { SessionResponse, type StaffRole } from '@fuliaotong/contracts';
import { parsed } from './responses.js';
import { codeFor } from './verification.js';

export const GOOD_PASSWORD = 'Excipient-Sample-2026';
let counter = 0;

/** A fresh, unique mobile-number account. */
export function newAccount(): string {
  counter += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
}

/** A client address of its own for each call, so that the per-address limits stay out of the way. */
export function newIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** The body of a registration: the account, a code sent to it, the password and the consent. */
export async function registrationOf(app: FastifyInstance, account = newAccount(), password = GOOD_PASSWORD) {
  const code = await codeFor(app, account, 'register', newIp());
  return { account, code, password, agree: true as const };
}

/** Registers a new member (asking for its code first, each from an address of its own) and answers its session. */
export async function registerMember(app: FastifyInstance, account = newAccount(), password = GOOD_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/app/account/register',
    payload: await registrationOf(app, account, password),
    headers: { 'x-forwarded-for': newIp() },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { account, password, ...parsed(response, SessionResponse) };
}

/**
 * An account as one made before registration needed a mobile number and a code (an e-mail address,
 * say), written straight into the database; answers its id.
 */
export async function insertAccount(
  database: Database,
  account: string,
  options: { password?: string; roles?: StaffRole[]; name?: string; verified?: boolean } = {},
): Promise<number> {
  const password = options.password ?? GOOD_PASSWORD;
  const passwordHash = password === GOOD_PASSWORD ? await goodPasswordHash() : await hashPassword(password);
  const [row] = await database.db
    .insert(users)
    .values({
      account,
      passwordHash,
      roles: options.roles ?? [],
      ...(options.name ? { name: options.name } : {}),
      // As a registration (or any code entered) proves the address.
      ...(options.verified ? { accountVerifiedAt: new Date() } : {}),
    })
    .returning({ id: users.id });
  return row!.id;
}

let goodPassword: Promise<string> | undefined;
/** The hash of GOOD_PASSWORD, made once per test worker: accounts written straight to the database share it. */
function goodPasswordHash(): Promise<string> {
  goodPassword ??= hashPassword(GOOD_PASSWORD);
  return goodPassword;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });



/** A multipart/form-data body with one file. */
export function multipart(content: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----fuliaotong${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
