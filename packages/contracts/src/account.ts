import { z } from 'zod';
import { text } from './text.js';
import {
  CODE_PATTERN,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  STAFF_ROLES,
  SEXES,
} from './constants/account.js';

export const Mobile = text().trim().regex(MOBILE_PATTERN, '请输入 11 位手机号码');

/** An account is a mainland mobile number or an e-mail address. */
export const AccountName = text()
  .trim()
  .min(1, '请输入手机号或邮箱')
  .max(254, '账号过长')
  .refine((v) => MOBILE_PATTERN.test(v) || EMAIL_PATTERN.test(v), '请输入正确的手机号或邮箱');

export const Password = text()
  .min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `密码最多 ${PASSWORD_MAX} 位`);

export const Sex = z.enum(SEXES).describe('unknown 未填写 · male 男 · female 女');
export type Sex = z.infer<typeof Sex>;

export const StaffRole = z.enum(STAFF_ROLES).describe('admin 管理员 · editor 内容编辑 · reviewer 样品审核 · finance 财务 · sales 销售 · quality 质量');
export type StaffRole = z.infer<typeof StaffRole>;

/** All that ever leaves the server about a user. */
export const User = z
  .object({
    id: z.number().int(),
    account: z.string(),
    name: z.string(),
    sex: Sex,
    avatar: z.string().nullable().describe('URL of the avatar image, or null'),
    nickName: z.string(),
    roles: z.array(StaffRole).describe('Staff roles the user holds; empty for members'),
    notifyBySmsAndEmail: z
      .boolean()
      .describe('Whether changes of the user\'s sample applications are also sent by SMS and e-mail (in-site notices always are)'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const NickName = text().trim().max(NICKNAME_MAX, `昵称最多 ${NICKNAME_MAX} 个字`);

/** A verification code as typed: six digits. */
export const VerificationCode = text().trim().regex(CODE_PATTERN, '请输入 6 位数字验证码');

/** New accounts are mobile numbers, confirmed by a code, with consent to the agreement and the privacy policy. */
export const RegisterBody = z
  .object({
    account: Mobile,
    code: VerificationCode,
    password: Password,
    nickName: NickName.optional(),
    agree: z.literal(true, '请阅读并同意《用户协议》和《隐私政策》'),
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** A new password for an account, confirmed by a code sent to it (purpose `reset`). */
export const ResetPasswordBody = z
  .object({ account: AccountName, code: VerificationCode, password: Password })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** Signing in with a code sent to the account (purpose `login`). */
export const LoginByCodeBody = z
  .object({ account: AccountName, code: VerificationCode })
  .meta({ id: 'LoginByCodeBody' });
export type LoginByCodeBody = z.infer<typeof LoginByCodeBody>;

/** Deleting one's account (注销账号), confirmed by the password or by a code (purpose `delete`). */
export const DeleteAccountBody = z
  .object({
    password: text().min(1, '请输入密码').max(PASSWORD_MAX).optional(),
    code: VerificationCode.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), '请输入密码或验证码（二选一）')
  .meta({ id: 'DeleteAccountBody' });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const LoginBody = z
  .object({
    account: text().trim().min(1, '请输入手机号或邮箱').max(254),
    password: text().min(1, '请输入密码').max(PASSWORD_MAX),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionResponse = z.object({ token: z.string(), user: User }).meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

/**
 * A member of the staff signs in with a second factor: the password was right, a code went to the
 * account, and `POST /api/app/account/login-verify` with the challenge and the code answers the session.
 */
export const LoginChallenge = z
  .object({
    codeRequired: z.literal(true),
    challenge: z.string().describe('Passed back with the code; valid as long as the code'),
    channel: z.enum(['sms', 'email']),
    to: z.string().describe('The masked address the code went to'),
    expiresIn: z.number().int().describe('Seconds the code is valid'),
  })
  .meta({ id: 'LoginChallenge' });
export type LoginChallenge = z.infer<typeof LoginChallenge>;

/** What a password log-in answers: the session, or (staff) the challenge of a second factor. */
export const LoginResponse = z.union([SessionResponse, LoginChallenge]).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LoginVerifyBody = z
  .object({
    challenge: text().trim().min(1, '登录已超时，请重新登录').max(2000, '登录已超时，请重新登录'),
    code: VerificationCode,
  })
  .meta({ id: 'LoginVerifyBody' });
export type LoginVerifyBody = z.infer<typeof LoginVerifyBody>;

export const UpdateProfileBody = z
  .object({
    name: text().trim().max(30, '姓名最多 30 个字'),
    sex: Sex,
    nickName: NickName,
    avatar: text()
      .max(300)
      .regex(/^\/api\/app\/account\/avatar\/[\w.-]+$/, '头像请通过上传接口设置')
      .nullable(),
    notifyBySmsAndEmail: z.boolean(),
  })
  .partial()
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ChangePasswordBody = z
  .object({ oldPassword: text().min(1, '请输入原密码').max(PASSWORD_MAX), newPassword: Password })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** Counts shown on the account home page. */
export const AccountSummary = z
  .object({ applications: z.number().int(), favorites: z.number().int(), unreadNotices: z.number().int() })
  .meta({ id: 'AccountSummary' });
export type AccountSummary = z.infer<typeof AccountSummary>;

