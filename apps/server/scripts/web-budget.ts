/**
 * The JavaScript a first visit to each route loads, compressed as it is sent (the build's brotli
 * copies), against the targets of docs/decisions/0029-static-styles-and-a-javascript-budget.md:
 * /home at most 150 KB, every other public page at most 200 KB, the pages people sign in through
 * (/login, /register, /forgot-password) at most 160 KB (docs/decisions/0067), the signed-in pages in
 * antd's scope (the account pages, the sample cart and the application form) at most 250 KB and the
 * staff console at most 350 KB (docs/decisions/0075). `npm run build` prints the table and fails when a
 * page grows past its ceiling: its target, or for a page still over its target what it weighs today
 * (CEILINGS), lowered as it sheds weight. The redirects (/, the retired registration page) have none.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { loadWebBuild } from '../src/web/web-build.js';

const KB = 1024;
export const HOME_TARGET = 150 * KB;
export const PUBLIC_PAGE_TARGET = 200 * KB;
export const SIGN_IN_PAGE_TARGET = 160 * KB;
export const ACCOUNT_PAGE_TARGET = 250 * KB;
export const STAFF_PAGE_TARGET = 350 * KB;

/**
 * Pages still over their target, each with the most it may weigh (KB, brotli) until it is brought
 * under: a page may not grow, and a ceiling comes down (or goes) when its page sheds weight.
 */
export const CEILINGS: Readonly<Record<string, number>> = {
  '/account/apply': 357,
  '/account/company': 309,
  '/account/document-request': 296,
  '/account/payment': 266,
  '/account/quote-request': 317,
  '/account/quotes': 274,
  '/account/sales-orders': 281,
  '/admin': 358,
  '/admin/applications': 369,
  '/admin/audit': 364,
  '/admin/batches': 364,
  '/admin/change-notices': 353,
  '/admin/companies': 374,
  '/admin/databases': 407,
  '/admin/document-requests': 389,
  '/admin/imports': 371,
  '/admin/invoices': 377,
  '/admin/orders': 370,
  '/admin/plans': 368,
  '/admin/products': 401,
  '/admin/sales-orders': 356,
  '/admin/users': 392,
  '/formconfirm': 311,
  '/samplecart': 332,
};

/** The pages people sign in through: outside every layout and antd's scope (apps/web/app/routes.ts). */
const SIGN_IN_PAGES = new Set(['routes/login', 'routes/register', 'routes/forgot-password']);

/** Public pages: under the default layout and not behind the signed-in guard (apps/web/app/routes.ts). */
const PUBLIC_LAYOUT = 'layouts/default/default-layout';
const SIGNED_IN_GUARD = 'signed-in:';
/** Signed-in pages: in antd's scope (`antd:…`); the staff console's under its own layout. */
const ANTD_SCOPE = 'antd:';
const STAFF_LAYOUT = 'layouts/admin-layout';

export interface RouteLoad {
  routeId: string;
  path: string;
  /** Scripts (entry, route modules and their static imports) and their compressed bytes. */
  files: number;
  bytes: number;
  cssBytes: number;
  /** What the page may weigh: its target, and its ceiling while it is over the target; undefined for the redirects. */
  budget: { target: number; ceiling: number } | undefined;
}

type Manifest = ServerBuild['assets'];
type ManifestRoute = NonNullable<Manifest['routes'][string]>;

function chainOf(routes: Manifest['routes'], leaf: ManifestRoute): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = leaf; route; route = route.parentId ? routes[route.parentId] : undefined) {
    chain.unshift(route);
  }
  return chain;
}

function targetFor(chain: ManifestRoute[]): number | undefined {
  const ids = chain.map((route) => route.id);
  const leaf = chain.at(-1)?.id;
  if (leaf && SIGN_IN_PAGES.has(leaf)) return SIGN_IN_PAGE_TARGET;
  if (ids.includes(STAFF_LAYOUT)) return STAFF_PAGE_TARGET;
  if (ids.some((id) => id.startsWith(ANTD_SCOPE))) return ACCOUNT_PAGE_TARGET;
  if (ids.some((id) => id.startsWith(SIGNED_IN_GUARD)) || !ids.includes(PUBLIC_LAYOUT)) return undefined;
  return leaf === 'routes/home' ? HOME_TARGET : PUBLIC_PAGE_TARGET;
}

export function budgetFor(chain: ManifestRoute[], path: string, ceilings: Readonly<Record<string, number>> = CEILINGS): RouteLoad['budget'] {
  const target = targetFor(chain);
  if (target === undefined) return undefined;
  const ceiling = ceilings[path];
  return { target, ceiling: ceiling === undefined ? target : Math.max(target, ceiling * KB) };
}

/**
 * The size a browser receives: the brotli copy the build wrote, else the file itself. (React Router
 * marks a stylesheet that code loaded later also imports with a trailing `#`.)
 */
async function sentSize(clientDir: string, href: string, sizes: Map<string, number>): Promise<number> {
  const url = href.replace(/#$/, '');
  const known = sizes.get(url);
  if (known !== undefined) return known;
  const file = path.join(clientDir, url.replace(/^\//, ''));
  const size = await fs.stat(`${file}.br`).then(
    (stat) => stat.size,
    () => fs.stat(file).then((stat) => stat.size),
  );
  sizes.set(url, size);
  return size;
}

/** First-load scripts and styles of every page route of a build folder (apps/web/builds/<id>). */
export async function firstLoadByRoute(buildDir: string): Promise<RouteLoad[]> {
  const build = await loadWebBuild(buildDir);
  if (!build) throw new Error(`no web build in ${buildDir}`);
  const { clientDir } = build;
  const { entry, routes } = build.server.assets;
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  const sizes = new Map<string, number>();
  const loads: RouteLoad[] = [];
  for (const route of Object.values(routes)) {
    if (!route || parents.has(route.id) || route.id === 'root') continue;
    const chain = chainOf(routes, route);
    const scripts = new Set([entry.module, ...entry.imports]);
    const styles = new Set<string>();
    for (const item of chain) {
      scripts.add(item.module);
      for (const url of item.imports ?? []) scripts.add(url);
      for (const url of item.css ?? []) styles.add(url);
    }
    let bytes = 0;
    for (const url of scripts) bytes += await sentSize(clientDir, url, sizes);
    let cssBytes = 0;
    for (const url of styles) cssBytes += await sentSize(clientDir, url, sizes);
    const routePath = '/' + chain.map((item) => item.path ?? '').filter(Boolean).join('/');
    loads.push({ routeId: route.id, path: routePath, files: scripts.size, bytes, cssBytes, budget: budgetFor(chain, routePath) });
  }
  return loads.sort((a, b) => (a.budget === undefined ? 1 : 0) - (b.budget === undefined ? 1 : 0) || a.path.localeCompare(b.path));
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/**
 * The table `npm run build` prints; the pages past their ceiling (the build fails on them); the
 * ceilings that can come down (a page 2 KB or more under its ceiling, or back within its target).
 */
export function budgetReport(loads: RouteLoad[]): { text: string; over: RouteLoad[]; loose: RouteLoad[] } {
  const over = loads.filter((load) => load.budget !== undefined && load.bytes > load.budget.ceiling);
  const loose = loads.filter((load) => load.budget !== undefined && load.budget.ceiling > load.budget.target && load.bytes <= load.budget.ceiling - 2 * KB);
  const width = Math.max(...loads.map((load) => load.path.length));
  const lines = ['first-load JavaScript per page (brotli, as sent; CSS beside it):'];
  for (const load of loads) {
    const { budget } = load;
    const verdict =
      budget === undefined
        ? 'redirect'
        : load.bytes > budget.ceiling
          ? `PAST ${budget.ceiling > budget.target ? `CEILING ${kb(budget.ceiling)} (target ${kb(budget.target)})` : `TARGET ${kb(budget.target)}`}`
          : load.bytes > budget.target
            ? `over target ${kb(budget.target)}, within ceiling ${kb(budget.ceiling)}`
            : `within target ${kb(budget.target)}`;
    lines.push(`  ${load.path.padEnd(width)}  ${kb(load.bytes).padStart(9)} in ${String(load.files).padStart(3)} files  css ${kb(load.cssBytes).padStart(8)}  ${verdict}`);
  }
  const within = loads.filter((load) => load.budget && load.bytes <= load.budget.target).length;
  const budgeted = loads.filter((load) => load.budget).length;
  lines.push(`${within} of ${budgeted} pages within their target`);
  return { text: lines.join('\n'), over, loose };
}
