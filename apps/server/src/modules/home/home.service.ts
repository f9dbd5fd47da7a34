import type { HomeData } from '@fuliaotong/contracts';
import type { ArticleRepository } from '../article/article.repository.js';
import type { Viewer } from '../auth/auth.guard.js';
import type { ExcipientRepository } from '../excipient/excipient.repository.js';
import type { ReferenceService } from '../reference/reference.service.js';

export const HOME_FEATURED = 8;
export const HOME_LATEST = 6;

/** What /home shows, in one call. */
export class HomeService {
  constructor(
    private readonly excipients: ExcipientRepository,
    private readonly reference: ReferenceService,
    private readonly articles: ArticleRepository,
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
