import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Download, Locator, Page } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';
import type { StoryRole } from './global-setup.js';
import { signInWithCode, type StaffCredentials } from './accounts.js';
import { settle } from './app.js';
import { gotoHydrated } from './browser.js';
import { paths } from '@fuliaotong/contracts';

/*
 * A person's story (e2e/*-story.spec.ts): every page they pass is kept as a picture at a desktop's
 * width and at a phone's, to be looked at, and at the phone's width nothing may scroll sideways.
 */

/** The pictures of the stories (git-ignored): one folder per person, numbered in the order they were taken. */
export const screenshotsDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export const widths = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } } as const;

/** How far the page is wider than its viewport (0 = no sideways scrolling). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The sideways overflow once the page has followed a narrower window: what draws itself to its box's
 * size (the dashboard's canvas charts) does so a moment after the resize. Up to 3 s.
 */
async function settledOverflow(page: Page): Promise<number> {
  const deadline = Date.now() + 3_000;
  let overflow = await sidewaysOverflow(page);
  while (overflow > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    overflow = await sidewaysOverflow(page);
  }
  // Canvas charts draw their new size with an animation of their own (not one the page's getAnimations sees).
  if ((await page.locator('canvas').count()) > 0) await new Promise((resolve) => setTimeout(resolve, 1_500));
  return overflow;
}

/** Two animation frames: the layout has followed a change of size. */
function frames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Lets the layout follow a change of size: two frames, the requests in flight, then the finite animations. */
async function steady(page: Page): Promise<void> {
  await frames(page);
  await settle(page);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 1_000))]);
  });
}

/**
 * Whether the element is where a person can see it: in the viewport and not hidden by a box that
 * clips it (a table scrolled sideways) or covers it, i.e. the point at its centre hits it.
 */
export async function inView(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width === 0 || x < 0 || x > window.innerWidth) return false;
    // Brought into view by scrolling the page up or down only (never a box sideways).
    window.scrollBy(0, y - window.innerHeight / 2);
    const moved = element.getBoundingClientRect();
    const hit = document.elementFromPoint(moved.left + moved.width / 2, moved.top + moved.height / 2);
    return !!hit && (element === hit || element.contains(hit) || hit.contains(element));
  });
}

/** A dialog or drawer is open: its page behind is not what a full-page picture should show. */
async function dialogOpen(page: Page): Promise<boolean> {
  return (await page.locator('.ant-modal-wrap, .ant-drawer-open').filter({ visible: true }).count()) > 0;
}

/**
 * The camera of one person's story: `shot(page, name)` saves the page as it is at 1280 px and at 375 px
 * wide (the viewport narrowed and then put back), as e2e/screenshots/<person>/NN-name-WIDTH.png: the
 * whole page, or what is in view while a dialog is open. At 375 px it checks (softly: the story goes on)
 * that nothing scrolls sideways, and runs `atPhone` (checks of the phone's layout).
 */
export function storyCamera(person: string) {
  const dir = path.join(screenshotsDir, person);
  let count = 0;
  beforeAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  });
  return {
    dir,
    shot: async (page: Page, name: string, { atPhone }: { atPhone?: () => Promise<void> } = {}): Promise<void> => {
      count += 1;
      const base = path.join(dir, `${String(count).padStart(2, '0')}-${name.replace(/[^\w.-]+/g, '-')}`);
      const before = page.viewportSize() ?? widths.desktop;
      try {
        for (const size of [widths.desktop, widths.phone]) {
          await page.setViewportSize(size);
          await steady(page);
          if (size === widths.phone) {
            expect.soft(await settledOverflow(page), `${person} ${name}: sideways scrolling at 375 px`).toBe(0);
            await atPhone?.();
            if (atPhone) await page.evaluate(() => window.scrollTo(0, 0));
          }
          await page.screenshot({ path: `${base}-${size.width}.png`, fullPage: !(await dialogOpen(page)) });
        }
      } finally {
        await page.setViewportSize(before);
        await frames(page).catch(() => undefined);
      }
    },
  };
}

/**
 * What a click on a 下载 control saves: the page's own download (a saved Blob, or a link with
 * Content-Disposition: attachment), or one from a tab the click opened. A tab that shows something
 * else instead (an error's JSON) fails with what it shows.
 */
export async function downloadBy(page: Page, click: () => Promise<void>, timeout = 15_000): Promise<Download> {
  const inPage = page.waitForEvent('download', { timeout });
  const inTab = page
    .context()
    .waitForEvent('page', { timeout })
    .then(async (tab) => {
      try {
        const download = await tab.waitForEvent('download', { timeout: 5_000 });
        await download.path();
        return download;
      } catch {
        const shown = (await tab.locator('body').textContent({ timeout: 2_000 }).catch(() => '')) ?? '';
        throw new Error(`the click opened ${tab.url()} instead of saving a file; it shows: ${shown.slice(0, 300)}`);
      } finally {
        // The person goes back to the page they were on (a tab left in front would hold its animation frames).
        await tab.close().catch(() => undefined);
      }
    });
  inPage.catch(() => undefined);
  inTab.catch(() => undefined);
  await click();
  return new Promise<Download>((resolve, reject) => {
    let failures = 0;
    let tabError: unknown;
    const failed = (error: unknown, fromTab: boolean) => {
      if (fromTab) tabError = error;
      failures += 1;
      if (failures === 2) reject(tabError instanceof Error && !/Timeout/.test(tabError.message) ? tabError : new Error(`no file was saved within ${timeout / 1000} s`));
    };
    inPage.then(resolve, (error: unknown) => failed(error, false));
    inTab.then(resolve, (error: unknown) => failed(error, true));
  });
}

/** A document's 下载 control in `within` (a link or a button; not 登录后下载, which asks to sign in). */
export function downloadControl(within: Locator): Locator {
  const name = /^\s*下载/;
  return within.getByRole('link', { name }).or(within.getByRole('button', { name })).first();
}

/** The bytes a download saved. */
export async function savedBytes(download: Download): Promise<Buffer> {
  return readFile(await download.path());
}

/** The staff member of a story (one role each; e2e/support/global-setup.ts). */
export function storyStaff(role: StoryRole): StaffCredentials {
  return inject('storyStaff')[role];
}

/** The staff console's brand link: the admin pages have hydrated when it has. */
export const ADMIN_HYDRATED = '.admin-bar__brand';

/**
 * A staff member signs in on /login with the password and the code sent to the account, lands on the
 * staff console and sees the desks of their roles in its menu. The code step and the console are
 * pictured (`shot`).
 */
export async function staffArrives(
  page: Page,
  staff: StaffCredentials,
  shot: (page: Page, name: string) => Promise<void>,
  desks: readonly string[],
): Promise<void> {
  await gotoHydrated(page, paths.login, '.auth-page__brand');
  await signInWithCode(page, staff, () => shot(page, 'login-second-factor'));
  await page.waitForURL((u) => u.pathname !== paths.login);
  const landed = new URL(page.url()).pathname;
  expect.soft(landed, 'staff land on the staff console after the second factor').toBe(paths.admin);
  if (landed !== paths.admin) await gotoHydrated(page, paths.admin, ADMIN_HYDRATED);
  await page.getByRole('heading', { name: '工作台' }).waitFor();
  const menu = page.getByRole('navigation', { name: '工作台菜单' });
  await expect.poll(() => menu.getByRole('link').allTextContents()).toEqual(desks);
  await shot(page, 'console');
}
