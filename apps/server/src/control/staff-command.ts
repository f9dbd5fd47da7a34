import { z } from 'zod';
import { AccountName, Password, STAFF_ROLES, type StaffRole } from '@fuliaotong/contracts';
import { hashPassword, isCommonPassword } from '../modules/account/passwords.js';
import { normalizeAccount } from '../modules/account/account.service.js';
import type { StaffRepository } from './staff.repository.js';

/**
 * What `npm run create-staff` asks for: staff roles for an account, which is created when a password is
 * given and it does not exist yet. The same request is carried out on the database the command opens
 * itself, or by the running server that holds it (the control channel, docs/decisions/0047).
 */
export const GrantStaffRequest = z.object({
  account: z.string().min(1).max(200),
  roles: z.array(z.enum(STAFF_ROLES)).min(1),
  password: z.string().max(1000).optional(),
});
export type GrantStaffRequest = z.infer<typeof GrantStaffRequest>;

/** What came of it. `roles` are the account's roles afterwards; `granted` those asked for (every role for the first administrator). */
export const GrantStaffOutcome = z.object({
  result: z.enum(['created', 'added', 'unchanged']),
  account: z.string(),
  granted: z.array(z.enum(STAFF_ROLES)),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** The account asked for the administrator's role while no administrator existed: it got every role. */
  firstAdministrator: z.boolean(),
  /** A password was given for an account that exists: it was left as it was. */
  passwordIgnored: z.boolean(),
});
export type GrantStaffOutcome = z.infer<typeof GrantStaffOutcome>;

/** A request that cannot be carried out, with the reason for the operator (Chinese). */
export class StaffCommandError extends Error {}

/** The first message of a failed zod check. */
function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new StaffCommandError(result.error.issues[0]?.message ?? '格式不正确');
  return result.data;
}

/**
 * Gives the account the roles (recorded in the audit log with the command line as the actor). The first
 * administrator — the administrator's role asked for while no account that is not disabled holds it —
 * gets every role: one command makes the person who sets the site up able to do all of it; they take
 * roles away on the users desk when others join.
 */
export async function grantStaffRoles(staff: StaffRepository, request: GrantStaffRequest): Promise<GrantStaffOutcome> {
  const account = normalizeAccount(request.account);
  const firstAdministrator = request.roles.includes('admin') && !(await staff.hasAdministrator());
  const granted: StaffRole[] = firstAdministrator ? [...STAFF_ROLES] : [...new Set(request.roles)];
  const existing = await staff.findByAccount(account);
  const passwordIgnored = existing !== undefined && request.password !== undefined;
  if (existing) {
    if (granted.every((role) => existing.roles.includes(role))) {
      return { result: 'unchanged', account, granted, roles: existing.roles, firstAdministrator, passwordIgnored };
    }
    const roles = await staff.addRoles(existing.id, account, existing.roles, granted);
    return { result: 'added', account, granted, roles, firstAdministrator, passwordIgnored };
  }
  if (request.password === undefined) {
    throw new StaffCommandError(`账号 ${account} 不存在。请先在网站上注册该账号，或加 --password <密码> 直接创建工作人员账号。`);
  }
  const name = check(AccountName, account);
  const password = check(Password, request.password);
  if (isCommonPassword(password)) throw new StaffCommandError('该密码过于常见，容易被猜中，请换一个');
  await staff.createStaff(name, await hashPassword(password), granted);
  return { result: 'created', account: name, granted, roles: granted, firstAdministrator, passwordIgnored };
}
