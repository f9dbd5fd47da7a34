import { paths } from '@fuliaotong/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ArticleReads } from '../article/article.repositories.js';
import type { ExcipientReads } from '../excipient/excipient.repositories.js';
import { detailUrl } from './site-urls.js';

export interface SeoRoutesOptions {
  excipients: Pick<ExcipientReads, 'allIds'>;
  articles: Pick<ArticleReads, 'allIds'>;
  /** The site's public origin (SITE_URL), without a trailing slash. */
  siteUrl: string;
}

/** Public list and information pages. */
export const PUBLIC_PAGES = [
  paths.home,
  paths.excipients,
  paths.database,
  paths.registrations,
  paths.standards,
  paths.regulations,
  paths.news,
  paths.search,
  paths.about,
  paths.links,
  paths.agreement,
  paths.privacy,
] as const;

/**
 * Paths search engines should leave alone: the account area and the staff console (each a prefix of
 * its pages), the API and the sign-in pages.
 */
export const DISALLOWED = [paths.account, paths.admin, '/api/', paths.login, paths.register, paths.forgotPassword] as const;

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** sitemap.xml and robots.txt, answered before the page renderer's catch-all. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { excipients, articles, siteUrl }) => {
  // The configured origin, not the Host header: a client must not choose the URLs these files list.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const [excipientIds, articleIds] = await Promise.all([excipients.allIds(), articles.allIds()]);
    const locations = [
      ...PUBLIC_PAGES,
      ...excipientIds.map(detailUrl.excipient),
      ...articleIds.regulations.map(detailUrl.regulation),
      ...articleIds.news.map(detailUrl.news),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...locations.map((path) => `  <url><loc>${xmlEscape(siteUrl + path)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const text = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text);
  });
};
