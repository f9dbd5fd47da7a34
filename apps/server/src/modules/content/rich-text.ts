import sanitizeHtml from 'sanitize-html';

/**
 * The one place rich text (regulation full texts, news bodies) is cleaned before it is stored.
 * Allowed: paragraphs, h2–h4, lists, strong/em, tables and links to http(s) or site-relative
 * addresses (which always get rel="noopener noreferrer"). Everything else is dropped: scripts and
 * styles with their content, event-handler and style attributes, javascript:/data: links, images.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'ol', 'ul', 'li', 'strong', 'em', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a'],
  allowedAttributes: { a: ['href', 'rel'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}
