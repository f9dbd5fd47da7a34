import { cssRules } from './css-rules';

/**
 * Style elements made by the page's own code, as the page's policy admits them (docs/decisions/0060).
 *
 * antd (its CSS variables, its icons' base rule, the scroll lock of modals and drawers), the article
 * editor and the development server add `<style>` elements at run time. A page every visitor gets
 * alike has no nonce to give them, and a page's policy stays in force through every navigation in
 * the browser that follows, so whatever page the visit began on, these elements cannot rely on a
 * nonce. Instead, an element made with `document.createElement('style')` keeps its text to itself
 * and stays empty in the document (the policy admits an empty style element by its hash), and its
 * rules go into its stylesheet through the CSS object model, which the policy does not govern. It keeps
 * its place in the document, so the cascade is as it would be.
 *
 * Only code that already runs with the page's trust can call createElement: a style element in
 * injected markup is made by the HTML parser, has text, and is still refused. Called once, before hydration.
 */
export function installCodeStyles(): void {
  const text = new WeakMap<HTMLStyleElement, string>();

  const fill = (element: HTMLStyleElement) => {
    const sheet = element.sheet;
    // Not in the document yet: filled when it is (the observer below).
    if (!sheet) return;
    while (sheet.cssRules.length > 0) sheet.deleteRule(sheet.cssRules.length - 1);
    for (const rule of cssRules(text.get(element) ?? '')) {
      try {
        sheet.insertRule(rule, sheet.cssRules.length);
      } catch {
        // A rule this browser does not understand is dropped, as a stylesheet drops it.
      }
    }
  };

  const own = (element: HTMLStyleElement) => {
    text.set(element, '');
    const content: PropertyDescriptor = {
      configurable: true,
      get: () => text.get(element),
      set: (value: string | null) => {
        text.set(element, String(value ?? ''));
        fill(element);
      },
    };
    for (const property of ['textContent', 'innerHTML', 'innerText']) Object.defineProperty(element, property, content);
  };

  const create = document.createElement.bind(document);
  document.createElement = (tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement) own(element);
    return element;
  };

  // An element's stylesheet is made when it enters the document, empty: its rules go in then, before
  // the next paint. The elements go into <head> (antd, the editor, Vite) or <body>.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLStyleElement && text.has(node)) fill(node);
    }
  });
  observer.observe(document.head, { childList: true });
  observer.observe(document.body, { childList: true });
}
