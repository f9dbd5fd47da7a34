import { z } from 'zod';
import { text } from './text.js';
import { ACCESS_LEVELS } from './constants/access.js';
import { DATABASE_CODES } from './constants/information.js';

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
    database: z.enum(DATABASE_CODES).optional().describe('会员可见：开通哪个数据库的订阅（或会员）即可查看'),
  })
  .meta({ id: 'Locked' });
export type Locked = z.infer<typeof Locked>;

/** A date as YYYY-MM-DD, one that is on the calendar (not 2024-02-30). */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine(isCalendarDate, '不是有效的日期');

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return true; // the format check above speaks for it
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999. There is no year 0.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A free-text search keyword: trimmed, at most 50 characters. */
export const Keyword = text().trim().max(50, '关键词最多 50 个字');
