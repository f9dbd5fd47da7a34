import { paths, withQuery, type FavoriteTargetType } from '@fuliaotong/contracts';

/** Links to the detail pages (the contracts' table of pages), used in search hits, favorites and the sitemap. */
export const detailUrl: Record<FavoriteTargetType, (id: number) => string> = {
  excipient: (id) => withQuery(paths.excipientDetail, { id }),
  registration: (id) => withQuery(paths.topDatabaseDetail, { code: 'registration', id }),
  regulation: (id) => withQuery(paths.topRegulations, { id }),
  news: (id) => withQuery(paths.topNewsDetail, { id }),
};
