import type { ExcipientReads } from '../excipient/excipient.repositories.js';
import type { ArticleReads } from '../article/article.repositories.js';
import type { HomeData } from '@fuliaotong/contracts';
import type { Viewer } from '../account/auth.guard.js';
import type { ReferenceService } from '../reference/reference.service.js';

export const HOME_FEATURED = 8;
export const HOME_LATEST = 6;

/** What /home shows, in one call. */
export class HomeService {
  constructor(
    private readonly excipients: ExcipientReads,
    private readonly reference: ReferenceService,
    private readonly articles: ArticleReads,
  ) {}

  async home(viewer: Viewer): Promise<HomeData> {
    const [featured, databases, news, regulations, excipientCount] = await Promise.all([
      this.excipients.featured(HOME_FEATURED),
      this.reference.list(viewer),
      this.articles.latestNews(HOME_LATEST),
      this.articles.latestRegulations(HOME_LATEST),
      this.excipients.count(),
    ]);
    return { featured, databases: databases.items, news, regulations, excipientCount };
  }
}
