import sanitizeHtml from 'sanitize-html';
import { ARTICLE_IMAGE_SRC, CELL_SPAN, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, safeHref } from '@fuliaotong/contracts/constants';

/** What cleaning a text did: the clean HTML, and the addresses of the images it refused (not uploaded here). */
export interface CleanRichText {
  html: string;
  foreignImages: string[];
}

/**
 * The one place rich text (regulation full texts, news bodies) is cleaned before it is stored, by the
 * allow-list the page's renderer shares (`RICH_TEXT_TAGS`, `RICH_TEXT_ATTRIBUTES` in the contracts):
 * paragraphs, h2–h4, lists, emphasis, quotes, tables with cell spans, links to http(s) or site-relative
 * addresses, and images uploaded to this site. Everything else is dropped: scripts and styles with
 * their content, event-handler, style and class attributes, javascript:/data:/protocol-relative links,
 * and images from anywhere else (the server never fetches an outside address; `foreignImages` names
 * them so that the desk can ask for an upload instead).
 */
export function cleanRichText(input: string): CleanRichText {
  const foreignImages: string[] = [];
  const span = (attribs: sanitizeHtml.Attributes) =>
    Object.fromEntries(['colspan', 'rowspan'].flatMap((name) => (CELL_SPAN.test(attribs[name] ?? '') && attribs[name] !== '1' ? [[name, attribs[name]!]] : [])));
  const html = sanitizeHtml(input, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      b: 'strong',
      i: 'em',
      strike: 's',
      del: 's',
      h1: 'h2',
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = safeHref(attribs.href ?? '');
        return { tagName, attribs: href ? { href } : {} };
      },
      img: (tagName, attribs): sanitizeHtml.Tag => {
        const src = (attribs.src ?? '').trim();
        if (ARTICLE_IMAGE_SRC.test(src)) return { tagName, attribs: { src, alt: (attribs.alt ?? '').slice(0, 200) } };
        if (src) foreignImages.push(src.slice(0, 200));
        return { tagName, attribs: {} };
      },
      th: (tagName, attribs) => ({ tagName, attribs: span(attribs) }),
      td: (tagName, attribs) => ({ tagName, attribs: span(attribs) }),
    },
    exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()) || (frame.tag === 'img' && !frame.attribs.src),
  }).trim();
  return { html, foreignImages };
}

/** The clean HTML of a text (images from elsewhere dropped). */
export function sanitizeRichText(html: string): string {
  return cleanRichText(html).html;
}
