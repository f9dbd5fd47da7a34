import { sql } from 'drizzle-orm';
import { boolean, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { Sex, StaffRole } from '@fuliaotong/contracts';
import { enumValues } from '../../db/column-types.js';
import { personalData } from '../../db/personal-data.js';

export const staffRole = pgEnum('staff_role', enumValues(StaffRole));
export const userSex = pgEnum('user_sex', enumValues(Sex));

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** A mobile number or a lower-cased e-mail address. */
  account: text('account').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default(''),
  sex: userSex('sex').notNull().default('unknown'),
  nickName: text('nick_name').notNull().default(''),
  avatar: text('avatar'),
  /**
   * When a code sent to the account (its mobile number or e-mail address) was last entered: registering,
   * signing in by code, resetting the password, the staff's second log-in step. Null for an account
   * nobody has proved to hold (one written before registration needed a code): what is addressed to
   * the contact (an invitation to join a company) is not shown to it.
   */
  accountVerifiedAt: timestamp('account_verified_at', { withTimezone: true }),
  /** Staff roles (工作人员); none for a member. */
  roles: staffRole('roles').array().notNull().default(sql`'{}'::staff_role[]`),
  /** Set by an administrator (停用): the account cannot sign in until re-enabled. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** Changes of the user's sample applications are also sent by SMS and e-mail (in-site notices always are). */
  notifyBySmsAndEmail: boolean('notify_by_sms_and_email').notNull().default(true),
  /** Raised by "log out everywhere" and password changes: tokens carrying an older version stop working. */
  tokenVersion: integer('token_version').notNull().default(0),
  /** When the user agreed to the 《用户协议》 and 《隐私政策》, and to which version (POLICY_VERSION). */
  consentedAt: timestamp('consented_at', { withTimezone: true }),
  consentVersion: text('consent_version'),
  /**
   * When the user deleted the account (注销): the row stays, anonymised, so that the company's records
   * (finished sample applications) keep their applicant; `account` is then `deleted:<id>`.
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 注销: the row stays for the records that name it (docs/decisions/0021), its account `deleted:<id>` and nothing personal left. */
export const usersPersonalData = personalData(users, {
  columns: [users.account],
  treatment: 'anonymised',
  reason: 'The row stays for the records that name the account: the account becomes deleted:<id>; name, nickname, sex, avatar, password and roles are emptied.',
});
