/** Who may see a database or a group of fields: everyone, signed-in users, or paying members. */
export const ACCESS_LEVELS = ['public', 'login', 'member'] as const;
export const accessLabels: Record<(typeof ACCESS_LEVELS)[number], string> = { public: '公开', login: '登录可见', member: '会员可见' };

/** What the caller is shown instead of fields it may not see. */
export const lockedMessages = { login: '登录后查看', member: '会员可见' } as const;
