import { z } from 'zod';
import { REGISTRATION_WATCH_SCOPES } from './constants/account.js';
import { Id } from './common.js';
import { text } from './text.js';

export const RegistrationWatchScope = z.enum(REGISTRATION_WATCH_SCOPES);
export type RegistrationWatchScope = z.infer<typeof RegistrationWatchScope>;

/** Watch one record (by its id), or every record of a product (by its 品种名称). */
export const RegistrationWatchBody = z
  .discriminatedUnion('scope', [
    z.object({ scope: z.literal('registration'), registrationId: Id }),
    z.object({
      scope: z.literal('product'),
      name: text().trim().min(1, '请填写品种名称').max(100, '品种名称最多 100 个字').describe('品种名称，与登记信息中的写法一致'),
    }),
  ])
  .meta({ id: 'RegistrationWatchBody' });
export type RegistrationWatchBody = z.infer<typeof RegistrationWatchBody>;

export const RegistrationWatch = z
  .object({
    id: z.number().int(),
    scope: RegistrationWatchScope,
    name: z.string().describe('品种名称'),
    regNo: z.string().nullable().describe('登记号（关注单条登记时）'),
    company: z.string().nullable().describe('企业名称（关注单条登记时）'),
    registrationId: z.number().int().nullable().describe('The watched record, if it is one record that still exists'),
    createdAt: z.string(),
  })
  .meta({ id: 'RegistrationWatch' });
export type RegistrationWatch = z.infer<typeof RegistrationWatch>;

export const RegistrationWatchList = z
  .object({ items: z.array(RegistrationWatch), totalCount: z.number().int() })
  .meta({ id: 'RegistrationWatchList' });
export type RegistrationWatchList = z.infer<typeof RegistrationWatchList>;

/** The caller's watches that cover a record: of the record itself, and of its product. */
export const RegistrationWatchState = z
  .object({ registration: z.number().int().nullable(), product: z.number().int().nullable() })
  .describe("The caller's watch ids of this record and of its product (null: not watched, or anonymous)");
export type RegistrationWatchState = z.infer<typeof RegistrationWatchState>;
