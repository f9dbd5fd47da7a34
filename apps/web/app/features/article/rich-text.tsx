import {
  ARTICLE_IMAGE_SRC,
  CELL_SPAN,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  safeHref,
  type RichTextTag,
} from '@fuliaotong/contracts/constants';
import { createElement, type ReactNode } from 'react';
import './article.css';

/**
 * Article HTML from the API (regulation full texts, news bodies). The server sanitises it when it is
 * written (apps/server/src/modules/content/rich-text.ts); here it is parsed again and turned into React
 * elements through the same allow-list (`RICH_TEXT_TAGS`, `RICH_TEXT_ATTRIBUTES` in the contracts),
 * never inserted as HTML: a tag that is not on the list is dropped (its text kept, except for
 * script-like containers, which are dropped whole), other attributes are dropped, a link must be
 * http(s) or site-relative and an image one uploaded to this site.
 * The same input gives the same elements on the server and in the browser (no hydration mismatch).
 */
export function RichText({ html }: { html: string }) {
  const nodes = parseRichText(html);
  return <div className="rich-text">{renderNodes(nodes, headingShift(nodes))}</div>;
}

const headingLevels = { h2: 2, h3: 3, h4: 4 } as const;
const isHeading = (tag: string): tag is keyof typeof headingLevels => tag in headingLevels;

/**
 * How many levels the article's headings move up so that its highest is an h2, under the page's h1
 * (an article whose text starts at h3 is read as skipping a level); 0 when it has none.
 */
function headingShift(nodes: RichNode[]): number {
  let highest = Infinity;
  const visit = (list: RichNode[]) => {
    for (const node of list) {
      if (typeof node === 'string') continue;
      if (isHeading(node.tag)) highest = Math.min(highest, headingLevels[node.tag]);
      visit(node.children);
    }
  };
  visit(nodes);
  return highest === Infinity ? 0 : highest - 2;
}

/** Parsed rich text, rendered (for pages that arrange the nodes themselves, e.g. by section). */
export function RichNodes({ nodes }: { nodes: RichNode[] }) {
  return <>{renderNodes(nodes)}</>;
}

/** The text of a node and its children. */
export function textOf(node: RichNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

/** Rich text split at its h2 headings: what comes before the first, then one section per heading. */
export function sectionsOf(html: string): { intro: RichNode[]; sections: Array<{ title: string; nodes: RichNode[] }> } {
  const intro: RichNode[] = [];
  const sections: Array<{ title: string; nodes: RichNode[] }> = [];
  for (const node of parseRichText(html)) {
    if (typeof node !== 'string' && node.tag === 'h2') sections.push({ title: textOf(node), nodes: [] });
    else (sections.length ? sections[sections.length - 1]!.nodes : intro).push(node);
  }
  return { intro, sections };
}

export type RichNode = string | { tag: RichTextTag; attrs: Record<string, string>; children: RichNode[] };

const isAllowed = (tag: string): tag is RichTextTag => (RICH_TEXT_TAGS as readonly string[]).includes(tag);
const voidTags = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'source', 'wbr', 'col', 'area', 'base', 'embed', 'param', 'track']);
/** Containers whose content is never text for the reader. */
const droppedWithContent = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
]);

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}\d{0,2});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

export { safeHref };

const tagPattern = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/;
const attrPattern = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function allowedAttrs(tag: RichTextTag, source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const allowed = RICH_TEXT_ATTRIBUTES[tag] ?? [];
  for (const match of source.matchAll(attrPattern)) {
    const name = match[1]!.toLowerCase();
    if (!allowed.includes(name)) continue;
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (name === 'href') {
      const href = safeHref(value);
      if (href) attrs.href = href;
    } else if (name === 'src') {
      if (ARTICLE_IMAGE_SRC.test(value.trim())) attrs.src = value.trim();
    } else if (name === 'alt') {
      attrs.alt = value;
    } else if (CELL_SPAN.test(value)) {
      attrs[name] = value;
    }
  }
  return attrs;
}

const closesParagraph = new Set(['p', 'h2', 'h3', 'h4', 'ol', 'ul', 'table', 'blockquote', 'hr']);
/** Elements where text is not content (a browser moves it out, or it is layout whitespace). */
const noTextInside = new Set(['table', 'thead', 'tbody', 'tr', 'ul', 'ol']);

/** Index of the innermost open `tag` not hidden behind one of `boundaries`, or -1. */
function innermost(stack: Open[], tag: string, boundaries: string[]): number {
  for (let i = stack.length - 1; i >= 0; i -= 1) {
    if (stack[i]!.tag === tag) return i;
    if (boundaries.includes(stack[i]!.tag)) return -1;
  }
  return -1;
}

interface Open {
  tag: string;
  /** null for a tag that is not allowed: its children go to the parent. */
  node: Extract<RichNode, object> | null;
  children: RichNode[];
}

/** The allowed tree of `html`: text and allowed elements only. */
export function parseRichText(html: string): RichNode[] {
  const root: RichNode[] = [];
  const stack: Open[] = [];
  const target = () => (stack.length ? stack[stack.length - 1]!.children : root);
  const pushText = (text: string) => {
    if (!text) return;
    for (let i = stack.length - 1; i >= 0; i -= 1) {
      if (!stack[i]!.node) continue;
      if (noTextInside.has(stack[i]!.tag)) return;
      break;
    }
    const children = target();
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };
  const close = (index: number) => {
    while (stack.length > index) {
      const open = stack.pop()!;
      const parent = target();
      if (open.node?.tag === 'table') open.node.children = wrapRows(open.node.children);
      if (open.node) parent.push(open.node);
      else {
        for (const child of open.children) {
          if (typeof child === 'string') pushText(child);
          else parent.push(child);
        }
      }
    }
  };

  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) {
      pushText(decodeEntities(html.slice(at)));
      break;
    }
    pushText(decodeEntities(html.slice(at, lt)));
    const rest = html.slice(lt);
    if (rest.startsWith('<!--')) {
      const end = html.indexOf('-->', lt + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    const match = tagPattern.exec(rest);
    if (!match) {
      // Not a tag (a lone "<" in text, a declaration): shown as text.
      if (/^<[!?]/.test(rest)) {
        const end = html.indexOf('>', lt);
        at = end === -1 ? html.length : end + 1;
      } else {
        pushText('<');
        at = lt + 1;
      }
      continue;
    }
    at = lt + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    if (closing) {
      const index = stack.map((o) => o.tag).lastIndexOf(tag);
      if (index !== -1) close(index);
      continue;
    }
    if (droppedWithContent.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, at);
      const after = end === -1 ? -1 : html.indexOf('>', end);
      at = after === -1 ? html.length : after + 1;
      continue;
    }
    const selfClosing = match[4] === '/' || voidTags.has(tag);
    if (!isAllowed(tag)) {
      if (!selfClosing) stack.push({ tag, node: null, children: [] });
      continue;
    }
    // What a browser's parser would do anyway (so that the server's markup hydrates as it is):
    // a block closes an open paragraph, a list item closes the previous item of its list.
    if (closesParagraph.has(tag)) {
      const p = innermost(stack, 'p', ['table', 'td', 'th', 'li', 'blockquote']);
      if (p !== -1) close(p);
    }
    if (tag === 'li') {
      const li = innermost(stack, 'li', ['ul', 'ol']);
      if (li !== -1) close(li);
    }
    const node = { tag, attrs: allowedAttrs(tag, match[3] ?? ''), children: [] as RichNode[] };
    // An image shows only from this site's uploads.
    if (tag === 'img' && !node.attrs.src) continue;
    if (selfClosing) target().push(node);
    else stack.push({ tag, node, children: node.children });
  }
  close(0);
  return root;
}

/** Rows directly in a table go into a tbody, as a browser's parser would put them. */
function wrapRows(children: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  let body: Extract<RichNode, object> | null = null;
  for (const child of children) {
    if (typeof child !== 'string' && child.tag === 'tr') {
      if (!body) out.push((body = { tag: 'tbody', attrs: {}, children: [] }));
      body.children.push(child);
    } else {
      body = null;
      out.push(child);
    }
  }
  return out;
}

function renderNodes(nodes: RichNode[], shift = 0): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const props: Record<string, unknown> = { key: index };
    if (node.tag === 'a') {
      if (node.attrs.href) {
        props.href = node.attrs.href;
        if (/^https?:/i.test(node.attrs.href)) {
          props.target = '_blank';
          props.rel = 'noopener noreferrer nofollow';
        }
      }
    } else if (node.tag === 'td' || node.tag === 'th') {
      if (node.attrs.colspan) props.colSpan = Number(node.attrs.colspan);
      if (node.attrs.rowspan) props.rowSpan = Number(node.attrs.rowspan);
    } else if (node.tag === 'img') {
      props.src = node.attrs.src;
      props.alt = node.attrs.alt ?? '';
      props.loading = 'lazy';
      props.decoding = 'async';
    }
    if (node.tag === 'br' || node.tag === 'hr' || node.tag === 'img') return createElement(node.tag, props);
    if (node.tag === 'table') {
      // A table wider than the column scrolls sideways in a frame of its own (shadows at the edges say
      // there is more), reachable with the keyboard, instead of squeezing its cells to a character each.
      return createElement(
        'div',
        { key: index, className: 'rich-text__table', role: 'region', 'aria-label': '表格（可左右滚动）', tabIndex: 0 },
        createElement('table', null, ...renderNodes(node.children, shift)),
      );
    }
    const tag = isHeading(node.tag) ? `h${headingLevels[node.tag] - shift}` : node.tag;
    return createElement(tag, props, ...renderNodes(node.children, shift));
  });
}
