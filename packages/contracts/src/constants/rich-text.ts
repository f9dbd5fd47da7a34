/*
 * The one HTML allow-list of rich text (regulation full texts, news bodies): the server's sanitiser
 * stores nothing else (apps/server/src/modules/content/rich-text.ts) and the page's renderer shows
 * nothing else (apps/web/app/features/article/rich-text.tsx). The articles desk's editor writes
 * within it.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'ol',
  'ul',
  'li',
  'strong',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
] as const;
export type RichTextTag = (typeof RICH_TEXT_TAGS)[number];

/** The attributes each tag keeps; every other attribute (style, class, on*) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Partial<Record<RichTextTag, readonly string[]>> = {
  a: ['href'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  img: ['src', 'alt'],
};

/** Where the images of articles are served: uploaded through the file store, never fetched from elsewhere. */
export const ARTICLE_IMAGE_PATH = '/api/app/article/image/';
/** An image's address in rich text: only an uploaded one, on this site. */
export const ARTICLE_IMAGE_SRC = /^\/api\/app\/article\/image\/[\w-]+\.(png|jpg|webp)$/;

/** A link's address in rich text: http(s), or a path on this site (not `//host`). */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^https?:\/\//i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  return null;
}

/** A table cell's span: one or two digits. */
export const CELL_SPAN = /^\d{1,2}$/;
