import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Company, MyCompany, type CompanyRoleName } from '@fuliaotong/contracts';
import { bearer, registerMember } from './accounts.js';
import { parsed } from './responses.js';

type Session = Awaited<ReturnType<typeof registerMember>>;

/**
 * A company made through the API by a new member (its 管理员), with one more member holding each other
 * role, each invited and accepting as people do; `label` starts the company's name.
 */
export async function companyWithEveryRole(app: FastifyInstance, label: string): Promise<{ company: Company; members: Record<CompanyRoleName, Session> }> {
  const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(session.token), ...(payload ? { payload } : {}) });
  const owner = await registerMember(app);
  const created = parsed(
    await call(owner, 'POST', '/api/app/company', { name: `${label}${owner.user.id}`, creditCode: '91330100716105852F', contactName: '王总', contactPhone: '13800138000' }),
    Company,
  );
  const members = { admin: owner } as Record<CompanyRoleName, Session>;
  for (const role of ['purchasing', 'rnd', 'quality', 'finance'] as const) {
    const person = await registerMember(app);
    expect((await call(owner, 'POST', `/api/app/company/${created.id}/invitation`, { account: person.account, roles: [role] })).statusCode).toBe(201);
    const invitation = parsed(await call(person, 'GET', '/api/app/company'), MyCompany).invitations[0]!;
    expect((await call(person, 'POST', `/api/app/company-invitation/${invitation.id}/accept`)).statusCode).toBe(200);
    members[role] = person;
  }
  return { company: created, members };
}
