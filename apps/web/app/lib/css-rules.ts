/**
 * The top-level rules of a stylesheet's text, each as `CSSStyleSheet.insertRule` takes it: a rule with
 * its block (`a{…}`, `@media …{…}`, nested blocks whole) or a statement (`@layer a, b;`, `@import …;`).
 * Braces and semicolons in strings, comments and escapes do not count; comments are dropped.
 */
export function cssRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  let rule = '';
  let i = 0;
  const take = (end: number) => {
    const text = (rule + css.slice(start, end)).trim();
    if (text && text !== ';') rules.push(text);
    rule = '';
  };
  while (i < css.length) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      const after = end < 0 ? css.length : end + 2;
      rule += css.slice(start, i);
      start = i = after;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < css.length && css[i] !== c) i += css[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        take(i + 1);
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      take(i + 1);
      start = i + 1;
    }
    i++;
  }
  take(css.length);
  return rules;
}
