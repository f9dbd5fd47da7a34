import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ArticleRepository } from '../article/article.repository.js';
import type { ExcipientRepository } from '../excipient/excipient.repository.js';
import { detailUrl } from './site-urls.js';

export interface SeoRoutesOptions {
  excipients: ExcipientRepository;
  articles: ArticleRepository;
}

/** Public list and information pages (the web app's routes). */
export const PUBLIC_PAGES = [
  '/home',
  '/excipientsinfo',
  '/database',
  '/dbregistrationinfolist',
  '/dbinfolist',
  '/regulations',
  '/news',
  '/search',
  '/showabout',
  '/backlinks',
] as const;

/** Paths search engines should leave alone: the account area, the API and the sign-in pages. */
export const DISALLOWED = ['/account', '/admin', '/api/', '/login', '/register'] as const;

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The site's origin as the client reached it (honours X-Forwarded-* only when TRUST_PROXY says so). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** sitemap.xml and robots.txt, answered before the page renderer's catch-all. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, { excipients, articles }) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const [excipientIds, articleIds] = await Promise.all([excipients.allIds(), articles.allIds()]);
    const paths = [
      ...PUBLIC_PAGES,
      ...excipientIds.map(detailUrl.excipient),
      ...articleIds.regulations.map(detailUrl.regulation),
      ...articleIds.news.map(detailUrl.news),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...paths.map((path) => `  <url><loc>${xmlEscape(origin + path)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const text = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${originOf(request)}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text);
  });
};
