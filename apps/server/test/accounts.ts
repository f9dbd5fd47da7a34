import type { FastifyInstance } from 'fastify';
import { SessionResponse } from '@fuliaotong/contracts';

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

/** Registers a new member and answers its session. */
export async function registerMember(app: FastifyInstance, account = newAccount(), password = GOOD_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/app/account/register',
    payload: { account, password },
    headers: { 'x-forwarded-for': newIp() },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { account, password, ...SessionResponse.parse(response.json()) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
