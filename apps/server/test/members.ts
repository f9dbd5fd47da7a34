import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import { bearer, registerMember } from './accounts.js';

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** Makes a user a paying member (会员) for a year, or ends the membership. */
export async function setMembership(database: Database, userId: number, member = true): Promise<void> {
  await database.db
    .update(users)
    .set({ memberUntil: member ? new Date(Date.now() + YEAR) : new Date(Date.now() - 1000) })
    .where(eq(users.id, userId));
}

/** Who calls a public route: nobody signed in, a signed-in user, and a paying member. */
export async function viewers(app: FastifyInstance, database: Database) {
  const user = await registerMember(app);
  const member = await registerMember(app);
  await setMembership(database, member.user.id);
  return {
    anonymous: {} as Record<string, string>,
    user: bearer(user.token),
    member: bearer(member.token),
    userId: user.user.id,
    memberId: member.user.id,
  };
}
