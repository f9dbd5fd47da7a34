import { z } from 'zod';
import { ACCESS_LEVELS } from './constants/access.js';

/** Who may see a database or a group of fields: everyone, signed-in users, or paying members. */
export const AccessLevel = z.enum(ACCESS_LEVELS).describe('public 公开 · login 登录可见 · member 会员可见');
export type AccessLevel = z.infer<typeof AccessLevel>;



/**
 * A group of fields left out of an answer: the client shows `message` in their place.
 * `fields` names the left-out keys.
 */
export const Locked = z
  .object({
    level: z.enum(['login', 'member']),
    message: z.string().describe('登录后查看 / 会员可见'),
    fields: z.array(z.string()),
  })
  .meta({ id: 'Locked' });
export type Locked = z.infer<typeof Locked>;

/** A date as YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');

/** A free-text search keyword: trimmed, at most 50 characters. */
export const Keyword = z.string().trim().max(50, '关键词最多 50 个字');
