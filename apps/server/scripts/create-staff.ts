/**
 * Gives an account staff roles (工作人员), in the configured database (the same environment variables
 * as `npm start`): how the first administrator is made; after that, administrators set roles on the
 * users desk (/admin/users). Every change is recorded in the audit log.
 *
 *   npm run create-staff -- <account> [--role <role> ...] [--password <password>]
 *
 *   <account>             a mobile number or e-mail address, as the person logs in with it
 *   --role <role>         admin 管理员 · editor 内容编辑 · reviewer 样品审核 · finance 财务;
 *                         may be repeated or comma-separated; reviewer when none is given
 *   --password <password> create the account when it does not exist yet
 *
 * Staff sign in with the password and a code sent to the account. Exit code 1 when the account does
 * not exist (and no --password was given) or the input is not valid. With PGlite, stop the server
 * first: its data folder is locked while it runs.
 */
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { AccountName, Password, STAFF_ROLES, staffRoleLabels, type StaffRole } from '@fuliaotong/contracts';
import { normalizeAccount } from '../src/modules/account/account.service.js';
import { StaffRepository } from '../src/modules/account/staff.repository.js';
import { hashPassword, isCommonPassword } from '../src/modules/auth/passwords.js';
import { CommandError, openConfiguredDatabase } from './configured-database.js';

const usage = `usage: npm run create-staff -- <账号（手机号或邮箱）> [--role <${STAFF_ROLES.join('|')}> ...] [--password <密码>]`;

function parseOptions() {
  const { values, positionals } = parseArgs({
    options: {
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new CommandError(`请给出一个账号\n${usage}`);
  const named = (values.role ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  const unknown = named.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role));
  if (unknown.length > 0) throw new CommandError(`没有角色 ${unknown.join('、')}：可用的角色为 ${STAFF_ROLES.join('、')}\n${usage}`);
  const roles = named.length > 0 ? [...new Set(named as StaffRole[])] : (['reviewer'] as StaffRole[]);
  return { account: normalizeAccount(positionals[0]!), password: values.password, roles };
}

/** The first message of a failed zod check. */
function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CommandError(result.error.issues[0]?.message ?? '格式不正确');
  return result.data;
}

async function main() {
  const options = parseOptions();
  const { database, description } = await openConfiguredDatabase();
  try {
    console.log(`数据库：${description}`);
    const staff = new StaffRepository(database.db);
    const existing = await staff.findByAccount(options.account);
    const named = options.roles.map((role) => staffRoleLabels[role]).join('、');
    if (existing) {
      if (options.roles.every((role) => existing.roles.includes(role))) {
        console.log(`账号 ${options.account} 已有角色 ${named}，无需更改。${options.password ? '（未修改其密码）' : ''}`);
        return;
      }
      const roles = await staff.addRoles(existing.id, options.account, existing.roles, options.roles);
      console.log(
        `已为账号 ${options.account} 加上角色 ${named}（现有：${roles.map((role) => staffRoleLabels[role]).join('、')}），下次登录起生效。` +
          `${options.password ? '（账号已存在，未修改其密码）' : ''}`,
      );
      return;
    }
    if (options.password === undefined) {
      throw new CommandError(`账号 ${options.account} 不存在。请先在网站上注册该账号，或加 --password <密码> 直接创建工作人员账号。`);
    }
    const account = check(AccountName, options.account);
    const password = check(Password, options.password);
    if (isCommonPassword(password)) throw new CommandError('该密码过于常见，容易被猜中，请换一个');
    await staff.createStaff(account, await hashPassword(password), options.roles);
    console.log(`已创建工作人员账号 ${account}（角色：${named}）。登录时除密码外还需输入发到该账号的验证码。`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandError) console.error(error.message);
  else if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${usage}`);
  else console.error('操作失败：', error);
  process.exit(1);
});
