import { createContext, useContext } from 'react';

/**
 * The nonce of the page's Content-Security-Policy (docs/decisions/0017-security-headers-and-csp-nonces.md).
 * On the server it is the response's own, provided around the app by entry.server; in the browser it
 * is read from the page's scripts (the browser hides a nonce from markup, not from the element's
 * `nonce` property), so that style elements added later carry it as well.
 */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

let browserNonce: string | undefined;

function nonceOfPage(): string | undefined {
  browserNonce ??= document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
  return browserNonce;
}

/** The nonce antd's runtime style elements must carry (undefined on a page without one). */
export function useCspNonce(): string | undefined {
  const rendered = useContext(NonceContext);
  if (rendered !== undefined || typeof document === 'undefined') return rendered;
  return nonceOfPage();
}

/**
 * Gives every <style> element the page's scripts create the page's nonce. antd passes its nonce to
 * the styles of its components, but two helpers of its component library (the scroll lock of modals
 * and drawers, the scroll-bar measurement of tables) create style elements without one. Only code
 * that already runs with the page's trust can call createElement; injected markup still cannot add
 * a style element. Called once, before hydration.
 */
export function installStyleNonce(): void {
  const nonce = nonceOfPage();
  if (!nonce) return;
  const create = document.createElement.bind(document);
  document.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = create(tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  });
}
