/**
 * Gives an account staff roles (工作人员), in the configured database (the same environment variables
 * as `npm start`): how the first administrator is made; after that, administrators set roles on the
 * users desk (/admin/users). Every change is recorded in the audit log.
 *
 *   npm run create-staff -- <account> [--role <role> ...] [--password <password>]
 *
 *   <account>             a mobile number or e-mail address, as the person logs in with it
 *   --role <role>         admin 管理员 · editor 内容编辑 · reviewer 样品审核 · finance 财务 ·
 *                         sales 销售 · quality 质量;
 *                         may be repeated or comma-separated; reviewer when none is given.
 *                         The first administrator (admin while no account holds it) gets every role.
 *   --password <password> create the account when it does not exist yet
 *
 * Staff sign in with the password and a code sent to the account. Exit code 1 when the account does
 * not exist (and no --password was given) or the input is not valid. On the embedded database, a
 * running server holds the data: the request then goes to it through its control channel, a socket in
 * DATA_DIR only this user can open (docs/decisions/0047); on PostgreSQL the command connects itself.
 */
import { parseArgs } from 'node:util';
import { STAFF_ROLES, staffRoleLabels, type StaffRole } from '@fuliaotong/contracts';
import type { ControlRequest } from '../src/control/control-commands.js';
import { askControlSocket, ControlChannelError } from '../src/control/control-socket.js';
import { GrantStaffOutcome, grantStaffRoles, StaffCommandError, type GrantStaffRequest } from '../src/control/staff-command.js';
import { StaffRepository } from '../src/control/staff.repository.js';
import { CommandError, DataDirInUseError, openConfiguredDatabase } from './configured-database.js';

const usage = `usage: npm run create-staff -- <账号（手机号或邮箱）> [--role <${STAFF_ROLES.join('|')}> ...] [--password <密码>]`;

function parseOptions(): GrantStaffRequest {
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
  return { account: positionals[0]!, roles, ...(values.password === undefined ? {} : { password: values.password }) };
}

const labels = (roles: readonly StaffRole[]) => roles.map((role) => staffRoleLabels[role]).join('、');

function report(outcome: GrantStaffOutcome): string {
  const { account, granted, roles } = outcome;
  const first = outcome.firstAdministrator ? '这是第一位管理员，已获得全部角色（可在“用户”工作台去掉不需要的角色）。' : '';
  switch (outcome.result) {
    case 'unchanged':
      return `账号 ${account} 已有角色 ${labels(granted)}，无需更改。${outcome.passwordIgnored ? '（未修改其密码）' : ''}`;
    case 'added':
      return (
        `已为账号 ${account} 加上角色 ${labels(granted)}（现有：${labels(roles)}），下次登录起生效。${first}` +
        `${outcome.passwordIgnored ? '（账号已存在，未修改其密码）' : ''}`
      );
    case 'created':
      return `已创建工作人员账号 ${account}（角色：${labels(roles)}）。${first}登录时除密码外还需输入发到该账号的验证码。`;
  }
}

/** The request, carried out by the server that holds the embedded database in `dataDir`. */
async function askRunningServer(dataDir: string, request: GrantStaffRequest): Promise<GrantStaffOutcome> {
  const message: ControlRequest = { command: 'grant-staff', ...request };
  let answer;
  try {
    answer = await askControlSocket(dataDir, message);
  } catch (error) {
    if (error instanceof ControlChannelError) throw new CommandError(`数据库正由运行中的服务器使用，但无法通过控制通道交给它处理：${error.message}`);
    throw error;
  }
  if (!answer.ok) throw new CommandError(answer.message);
  return GrantStaffOutcome.parse(answer.answer);
}

async function main() {
  const request = parseOptions();
  let opened;
  try {
    opened = await openConfiguredDatabase();
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const outcome = await askRunningServer(error.dataDir, request);
    console.log('数据库：运行中的服务器（通过数据目录中的控制通道）');
    console.log(report(outcome));
    return;
  }
  const { database, description } = opened;
  try {
    console.log(`数据库：${description}`);
    console.log(report(await grantStaffRoles(new StaffRepository(database.db), request)));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandError || error instanceof StaffCommandError) console.error(error.message);
  else if (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) console.error(`${error.message}\n${usage}`);
  else console.error('操作失败：', error);
  process.exit(1);
});
