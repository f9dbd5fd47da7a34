/**
 * Every TanStack Query key of the app. Data of the signed-in user lives under `me`, so that one
 * `removeQueries({ queryKey: queryKeys.me })` forgets all of it when the user changes.
 */
export const queryKeys = {
  me: ['me'] as const,
  profile: () => [...queryKeys.me, 'profile'] as const,
  summary: () => [...queryKeys.me, 'summary'] as const,
  addresses: () => [...queryKeys.me, 'addresses'] as const,
  notices: () => [...queryKeys.me, 'notices'] as const,
  noticePage: (page: number, pageSize: number, unreadOnly: boolean) =>
    [...queryKeys.notices(), 'page', { page, pageSize, unreadOnly }] as const,
  unreadNoticeCount: () => [...queryKeys.notices(), 'unread-count'] as const,
  regions: () => ['regions'] as const,
};
