import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

/** What the browser may use of its own features on this site: nothing the pages do not need. */
export const PERMISSIONS_POLICY =
  // Only features the browsers know: an unknown one (`bluetooth`) is reported as an error on every page.
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), ' +
  'midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** HSTS for requests that came over HTTPS (directly, or through a trusted proxy that says so). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The policy of everything that is not a page (API answers, assets, sitemap): it may load nothing,
 * be framed by no one, and is never rendered as a document that runs script.
 */
const resourceDirectives = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * Headers on every response (docs/decisions/0017-security-headers-and-csp-nonces.md): helmet's set
 * with a deny-all Content-Security-Policy, X-Frame-Options DENY, nosniff, a strict Referrer-Policy and
 * a Permissions-Policy; HSTS only when the request came over HTTPS. Pages replace the CSP with their
 * own, built around the nonce of their response or the hashes of their inline scripts (`pageSecurityPolicy`).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const fixed = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: resourceDirectives },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Set below, per request: only a response that travelled over HTTPS may pin the site to it.
      strictTransportSecurity: false,
      // Images and files of the API may be shown by the site's pages on a sibling host (API_BASE).
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  fixed['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(fixed);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}

/**
 * The headers helmet's middleware sets, read once: they are the same for every response (no directive
 * depends on the request), and building and running the middleware for each request cost more than
 * a cached answer itself (docs/decisions/0035).
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: Error | undefined;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) failure = error instanceof Error ? error : new Error('the security headers could not be set');
  });
  if (failure) throw failure;
  return headers;
}

/** A fresh nonce for one page response: 128 random bits, base64. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The hash of an empty style element. The page's code makes its style elements empty and puts their
 * rules in through the CSS object model (apps/web/app/lib/code-styles.ts), which the policy does not
 * govern: only code that already runs with the page's trust can do that, while a style element in
 * injected markup, which has text, is still refused.
 */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

/**
 * What vouches for the page's own inline scripts and style elements: the response's nonce (a page
 * rendered for one response), or the hashes of their contents (a page every visitor gets alike, whose
 * bytes are the same from every process; docs/decisions/0060).
 */
export type PageTrust = { nonce: string } | { scripts: readonly string[]; styles: readonly string[] };

export interface PagePolicyOptions {
  trust: PageTrust;
  /** The API's origin when it is not this site's own (an absolute API_BASE). */
  apiOrigin?: string;
  /** Whether the page was requested over HTTPS (then plain-HTTP subresources are upgraded). */
  https: boolean;
}

/**
 * The Content-Security-Policy of a page: scripts only with the response's nonce or one of the page's
 * hashes (and what they load, 'strict-dynamic'), style elements from this site, with the nonce or a hash
 * (or empty: filled by the page's code), `style="…"` attributes allowed (neither covers them), no
 * plugins, no <base>, no framing.
 */
export function pageSecurityPolicy({ trust, apiOrigin, https }: PagePolicyOptions): string {
  const api = apiOrigin ? ` ${apiOrigin}` : '';
  const scripts = 'nonce' in trust ? [`'nonce-${trust.nonce}'`] : trust.scripts.map((hash) => `'${hash}'`);
  const styles = ["'self'", ...('nonce' in trust ? [`'nonce-${trust.nonce}'`] : trust.styles.map((hash) => `'${hash}'`)), EMPTY_STYLE_HASH].join(' ');
  const directives = [
    "default-src 'self'",
    // Without one script of its own the page runs none ('strict-dynamic' alone would admit nothing either).
    scripts.length > 0 ? `script-src ${scripts.join(' ')} 'strict-dynamic'` : "script-src 'none'",
    `style-src ${styles}`,
    `style-src-elem ${styles}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob:${api}`,
    "font-src 'self' data:",
    `connect-src 'self'${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The origin of an absolute API_BASE, or undefined when the API is this site's own. */
export function apiOriginOf(apiBase: string): string | undefined {
  return /^https?:\/\//.test(apiBase) ? new URL(apiBase).origin : undefined;
}

/**
 * Swagger UI's own policy (it ships inline scripts it lists by hash), made as strict as the rest of
 * the site: no framing, and no upgrade of plain-HTTP requests on a development machine.
 */
export function swaggerUiPolicy(header: string): string {
  return header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace("base-uri 'self'", "base-uri 'none'")
    .replace(/\s*upgrade-insecure-requests;?/, '');
}
