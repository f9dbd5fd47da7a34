import type { FavoriteTargetType } from '@fuliaotong/contracts';

/** Site paths of the detail pages (the web app's routes), used in search hits, favorites and the sitemap. */
export const detailUrl: Record<FavoriteTargetType, (id: number) => string> = {
  excipient: (id) => `/excipientsdetail?id=${id}`,
  registration: (id) => `/topdatabasedetail?code=registration&id=${id}`,
  regulation: (id) => `/topregulations?id=${id}`,
  news: (id) => `/topnewsdetail?id=${id}`,
};
