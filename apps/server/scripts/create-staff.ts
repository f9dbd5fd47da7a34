/**
 * Gives an account the staff role (工作人员: reviews sample applications, changes the sample limits),
 * in the configured database (the same environment variables as `npm start`).
 *
 *   npm run create-staff -- <account> [--password <password>]
 *
 *   <account>            a mobile number or e-mail address, as the person logs in with it
 *   --password <password> create the account (as staff) when it does not exist yet
 *
 * Exit code 1 when the account does not exist (and no --password was given) or the input is not valid.
 * With PGlite, stop the server first: its data folder is locked while it runs.
 */
import { parseArgs } from 'node:util';
import type { z } from 'zod';
import { AccountName, Password } from '@fuliaotong/contracts';
import { normalizeAccount } from '../src/modules/account/account.service.js';
import { StaffRepository } from '../src/modules/account/staff.repository.js';
import { hashPassword, isCommonPassword } from '../src/modules/auth/passwords.js';
import { CommandError, openConfiguredDatabase } from './configured-database.js';

const usage = 'usage: npm run create-staff -- <账号（手机号或邮箱）> [--password <密码>]';

function parseOptions() {
  const { values, positionals } = parseArgs({
    options: {
      password: { type: 'string' },
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
  return { account: normalizeAccount(positionals[0]!), password: values.password };
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
    if (existing?.role === 'staff') {
      console.log(`账号 ${options.account} 已是工作人员，无需更改。${options.password ? '（未修改其密码）' : ''}`);
      return;
    }
    if (existing) {
      await staff.makeStaff(existing.id);
      console.log(`已将账号 ${options.account} 设为工作人员，立即生效：刷新页面后可在“样品申请审核”中处理申请。${options.password ? '（账号已存在，未修改其密码）' : ''}`);
      return;
    }
    if (options.password === undefined) {
      throw new CommandError(`账号 ${options.account} 不存在。请先在网站上注册该账号，或加 --password <密码> 直接创建工作人员账号。`);
    }
    const account = check(AccountName, options.account);
    const password = check(Password, options.password);
    if (isCommonPassword(password)) throw new CommandError('该密码过于常见，容易被猜中，请换一个');
    await staff.createStaff(account, await hashPassword(password));
    console.log(`已创建工作人员账号 ${account}，可用该账号和密码登录。`);
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
