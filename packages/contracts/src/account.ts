import { z } from 'zod';
import { text } from './text.js';
import { MOBILE_PATTERN, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN, ROLES, SEXES } from './constants/account.js';


export const Mobile = text().trim().regex(MOBILE_PATTERN, '请输入 11 位手机号码');

/** An account is a mainland mobile number or an e-mail address. */
export const AccountName = text()
  .trim()
  .min(1, '请输入手机号或邮箱')
  .max(254, '账号过长')
  .refine((v) => MOBILE_PATTERN.test(v) || z.email().safeParse(v).success, '请输入正确的手机号或邮箱');

export const Password = text()
  .min(PASSWORD_MIN, `密码至少 ${PASSWORD_MIN} 位`)
  .max(PASSWORD_MAX, `密码最多 ${PASSWORD_MAX} 位`);

export const Sex = z.enum(SEXES).describe('unknown 未填写 · male 男 · female 女');
export type Sex = z.infer<typeof Sex>;

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** All that ever leaves the server about a user. */
export const User = z
  .object({
    id: z.number().int(),
    account: z.string(),
    name: z.string(),
    sex: Sex,
    avatar: z.string().nullable().describe('URL of the avatar image, or null'),
    nickName: z.string(),
    role: Role,
    notifyBySmsAndEmail: z
      .boolean()
      .describe('Whether changes of the user\'s sample applications are also sent by SMS and e-mail (in-site notices always are)'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const NickName = text().trim().max(NICKNAME_MAX, `昵称最多 ${NICKNAME_MAX} 个字`);

export const RegisterBody = z
  .object({ account: AccountName, password: Password, nickName: NickName.optional() })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z
  .object({
    account: text().trim().min(1, '请输入手机号或邮箱').max(254),
    password: text().min(1, '请输入密码').max(PASSWORD_MAX),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionResponse = z.object({ token: z.string(), user: User }).meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

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

