import { createHash } from 'node:crypto';

/** A page made to run under a policy of hashes: its HTML and the hashes of its inline scripts and style elements. */
export interface HashedPage {
  html: string;
  /** `sha256-…` of each inline script's text, in page order, without repeats. */
  scripts: string[];
  /** `sha256-…` of each style element's text. */
  styles: string[];
}

/** A whole inline element whose text the policy judges: a script without `src`, or a style element. */
const INLINE = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi;
const SOURCE = /\ssrc\s*=/i;
const MODULE = /\stype\s*=\s*"module"/i;

/**
 * Prepares a page that every visitor gets alike (docs/decisions/0060) for a policy that names the
 * hashes of its inline scripts and styles instead of a nonce, so that its bytes are the same from
 * every process and every render of the same content.
 *
 * One change to the markup: under 'strict-dynamic', what an inline *module* script imports is
 * refused when the script was let in by its hash (an import carries its script's nonce, and such a
 * script has none). Each inline module script therefore becomes a classic script, let in by its hash,
 * that adds the same module script to the page; a script added by a trusted script may import
 * ('strict-dynamic'). It runs as before: a module script, asynchronously, in document order of its
 * insertion.
 */
export function hashedPage(html: string): HashedPage {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const out = html.replace(INLINE, (element, tag: string, attributes: string, text: string) => {
    if (tag.toLowerCase() === 'style') {
      styles.add(sha256(text));
      return element;
    }
    if (SOURCE.test(attributes)) return element;
    if (!MODULE.test(attributes)) {
      scripts.add(sha256(text));
      return element;
    }
    const loader = moduleLoader(text);
    scripts.add(sha256(loader));
    return `<script>${loader}</script>`;
  });
  return { html: out, scripts: [...scripts], styles: [...styles] };
}

/**
 * A classic script that inserts `code` after itself as an async module script. The code is a JSON
 * string with `<` escaped, so nothing in it can end the script element or open a comment.
 */
function moduleLoader(code: string): string {
  const literal = JSON.stringify(code).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `(function(c){var s=document.createElement("script");s.type="module";s.async=true;s.textContent=c;document.currentScript.after(s)})(${literal})`;
}

/** The CSP hash source of a script's or style's text (its UTF-8 bytes), without quotes. */
function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
