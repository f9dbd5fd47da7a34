import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/** Screenshots and other artefacts of a run (git-ignored). */
export const outputDir = fileURLToPath(new URL('../.output/', import.meta.url));

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
    timeout: 30_000,
  });
}

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

/** A page with everything its documents printed to the console and every uncaught error. */
export interface TestPage {
  page: Page;
  context: BrowserContext;
  console: ConsoleEntry[];
  pageErrors: Error[];
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/** An absolute URL on the server under test. */
export function url(pathAndQuery: string): string {
  return new URL(pathAndQuery, baseUrl()).href;
}

export function collectPageEvents(page: Page): Pick<TestPage, 'console' | 'pageErrors'> {
  const consoleEntries: ConsoleEntry[] = [];
  const pageErrors: Error[] = [];
  page.on('console', (message) => consoleEntries.push({ type: message.type(), text: message.text(), url: page.url() }));
  page.on('pageerror', (error) => pageErrors.push(error));
  return { console: consoleEntries, pageErrors };
}

export async function saveScreenshot(page: Page, name: string, fullPage = false): Promise<string> {
  await mkdir(outputDir, { recursive: true });
  const file = path.join(outputDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * One browser per spec file, a fresh context per page (so per test: no cookies, storage or cache
 * shared between tests). A failing test leaves a screenshot of each of its pages in e2e/.output/.
 *
 * `keepPages`: the pages stay open until the file ends, for a story told in several tests one after
 * the other (a person's browser keeps its session from one test to the next).
 */
export function useBrowser({ keepPages = false }: { keepPages?: boolean } = {}) {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  const closeAll = async () => {
    const open = contexts;
    contexts = [];
    await Promise.all(open.map((context) => context.close().catch(() => undefined)));
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const pages = contexts.flatMap((context) => context.pages());
      for (const [index, page] of pages.entries()) {
        await saveScreenshot(page, `failed-${task.name}${pages.length > 1 ? `-${index + 1}` : ''}`).catch(() => undefined);
      }
    }
    if (!keepPages) await closeAll();
  });
  afterAll(async () => {
    await closeAll();
    await browser?.close();
    browser = undefined;
  });

  return {
    get browser(): Browser {
      if (!browser) throw new Error('the browser is not running (use it inside a test)');
      return browser;
    },
    /** A new page in a new context, with `baseURL` set to the server under test. */
    async newPage(options: BrowserContextOptions = {}): Promise<TestPage> {
      if (!browser) throw new Error('the browser is not running (use it inside a test)');
      const context = await browser.newContext({ locale: 'zh-CN', baseURL: baseUrl(), ...options });
      contexts.push(context);
      context.setDefaultTimeout(30_000);
      context.setDefaultNavigationTimeout(30_000);
      const page = await context.newPage();
      return { page, context, ...collectPageEvents(page) };
    },
  };
}

/**
 * Loads a path and waits until React has hydrated it: the network is idle (route modules and the
 * route manifest are in) and the given element carries React's fiber (hydration reached it).
 */
export async function gotoHydrated(page: Page, pathAndQuery: string, hydratedSelector = 'header a[href="/home"]') {
  const response = await page.goto(pathAndQuery, { waitUntil: 'networkidle' });
  await waitForHydration(page, hydratedSelector);
  return response;
}

export async function waitForHydration(page: Page, selector = 'header a[href="/home"]'): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel);
      return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    },
    selector,
    { timeout: 15_000 },
  );
}

/** Messages that tell of a hydration mismatch (React's own, and the app's onRecoverableError log). */
export const hydrationProblem = /hydrat|did not match|mismatch|页面恢复性错误/i;
