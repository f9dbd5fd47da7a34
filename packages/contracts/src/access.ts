import { z } from 'zod';

/** Who may see a database or a group of fields: everyone, signed-in users, or paying members. */
export const AccessLevel = z.enum(['public', 'login', 'member']).describe('public 公开 · login 登录可见 · member 会员可见');
export type AccessLevel = z.infer<typeof AccessLevel>;

export const accessLabels: Record<AccessLevel, string> = { public: '公开', login: '登录可见', member: '会员可见' };

/** What the caller is shown instead of fields it may not see. */
export const lockedMessages = { login: '登录后查看', member: '会员可见' } as const;

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
