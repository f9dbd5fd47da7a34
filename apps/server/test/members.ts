import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database.js';
import { grants } from '../src/modules/grant/grant.schema.js';
import { bearer, registerMember } from './accounts.js';

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** Makes a user a paying member (会员) for a year, or ends the membership. */
export async function setMembership(database: Database, userId: number, member = true): Promise<void> {
  if (!member) {
    await database.db
      .update(grants)
      .set({ revokedAt: new Date() })
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt)));
    return;
  }
  const now = Date.now();
  await database.db.insert(grants).values({
    userId,
    kind: 'membership',
    name: '专业会员 年卡',
    source: 'staff',
    startsAt: new Date(now - 1000),
    endsAt: new Date(now + YEAR),
  });
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
