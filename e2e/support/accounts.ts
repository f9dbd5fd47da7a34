import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { url } from './browser.js';
import { requestFromOwnAddress } from './http.js';
import { codesSentTo, nextCodeTo, untilCodeMayBeSent } from './messages.js';
import { paths } from '@fuliaotong/contracts';

/** apps/web/app/features/session/session-store.ts: SESSION_STORAGE_KEY */
export const sessionKey = 'fuliaotong-session';

/** The password of the accounts the journeys make (through the API or on the register page). */
export const password = 'Lactose-Monohydrate-200M';

export interface SessionUser {
  id: number;
  account: string;
  nickName: string;
  roles: string[];
}

/** A signed-in account: what the log-in and register APIs answer, with the account's credentials. */
export interface Session {
  account: string;
  password: string;
  token: string;
  user: SessionUser;
}

/** A mainland mobile number nobody has registered in this run. */
export function newAccount(): string {
  return `13${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * A JSON request to the API from 127.0.0.1 (the browser's address), with the user's token when given.
 * The body is parsed when the server says it is JSON, else it is the text.
 */
export async function apiRequest<T = unknown>(
  path: string,
  init: { method?: string; token?: string; json?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url(path), {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: (json && text ? JSON.parse(text) : text) as T };
}

/** A file sent to an upload endpoint (multipart, field `file`) with the user's token; the body as apiRequest gives it. */
export async function apiUpload<T = unknown>(
  path: string,
  token: string,
  file: { name: string; type: string; bytes: Buffer },
): Promise<{ status: number; body: T }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(url(path), { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('json');
  return { status: response.status, body: (json && text ? JSON.parse(text) : text) as T };
}

/**
 * Registers a new member through the API (not the page), for journeys that are about something else:
 * asks for the code, reads it from the server's log and registers with it and consent. Each request
 * comes from a loopback address nobody has used before, so that no per-address limit of codes or
 * registrations comes between.
 */
export async function registerByApi(nickName: string): Promise<Session> {
  const account = newAccount();
  const sent = await requestFromOwnAddress('/api/app/account/send-code', { json: { account, purpose: 'register' } });
  expect(sent.status, sent.text).toBe(200);
  // A new number: the first code to it is this one.
  const code = await nextCodeTo(account);
  const { status, text } = await requestFromOwnAddress('/api/app/account/register', {
    json: { account, code, password, nickName, agree: true },
  });
  expect(status, text).toBe(201);
  return { account, password, ...(JSON.parse(text) as { token: string; user: SessionUser }) };
}

/**
 * The staff account the test server was started with, holding every role, signed in once for the
 * whole run with its password and the code sent to it (e2e/support/global-setup.ts).
 */
export function staffSession(): Promise<Session> {
  return Promise.resolve<Session>(inject('staffSession'));
}

/** Writes a session into the open page's storage, where a log-in keeps it (the page must be on the site). */
export async function storeSession(page: Page, session: { token: string; user: unknown }): Promise<void> {
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [sessionKey, JSON.stringify({ state: { token: session.token, user: session.user }, version: 1 })] as const,
  );
}

/** The session state the open page keeps in the browser's storage (undefined when none is stored). */
export async function storedSession(page: Page): Promise<unknown> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), sessionKey);
  return stored === null ? undefined : (JSON.parse(stored) as { state?: unknown } | null)?.state;
}

/** Opens a page of the site (`at`) and puts the session into the browser's storage, as a log-in would. */
export async function signIn(page: Page, session: { token: string; user: unknown }, at: string = paths.about): Promise<void> {
  await page.goto(at);
  await storeSession(page, session);
}

/** Fills the log-in form of the open /login page with the account (and the journeys' password) and sends it. */
export async function fillLogin(page: Page, account: string, accountPassword = password): Promise<void> {
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(accountPassword);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** A staff member's credentials (the operator's tool made the account; e2e/support/global-setup.ts). */
export interface StaffCredentials {
  account: string;
  password: string;
}

/**
 * Signs a staff member in on the open /login page as they would: the password, then the code sent to
 * the account (read from the server's log). `atCodeStep` runs while the page asks for the code.
 */
export async function signInWithCode(page: Page, staff: StaffCredentials, atCodeStep?: () => Promise<void>): Promise<void> {
  await untilCodeMayBeSent(staff.account);
  const seen = (await codesSentTo(staff.account)).length;
  await fillLogin(page, staff.account, staff.password);
  await page.getByText('工作人员账号需要二次验证').waitFor();
  await page.getByText(`验证码已通过短信发送至 ${staff.account.slice(0, 3)}****${staff.account.slice(7)}`).waitFor();
  await page.getByLabel('验证码').fill(await nextCodeTo(staff.account, seen));
  await atCodeStep?.();
  await page.getByRole('button', { name: '验证并登录' }).click();
}

/** Signs a staff member in through the API (the password, then the code sent to the account). */
export async function staffSignInByApi(staff: StaffCredentials): Promise<Session> {
  const seen = (await codesSentTo(staff.account)).length;
  const first = await requestFromOwnAddress('/api/app/account/login', { json: { account: staff.account, password: staff.password } });
  expect(first.status, first.text).toBe(200);
  const { challenge } = JSON.parse(first.text) as { challenge?: string };
  expect(challenge, 'a staff log-in asks for a code').toEqual(expect.any(String));
  const code = await nextCodeTo(staff.account, seen);
  const verified = await requestFromOwnAddress('/api/app/account/login-verify', { json: { challenge, code } });
  expect(verified.status, verified.text).toBe(200);
  return { ...staff, ...(JSON.parse(verified.text) as { token: string; user: SessionUser }) };
}

/** Opens 注销账号 on the open /account page and confirms it with the password. */
export async function deleteThroughModal(page: Page, accountPassword = password): Promise<void> {
  await page.getByRole('button', { name: '注销账号' }).click();
  const modal = page.getByRole('dialog', { name: '注销账号' });
  await modal.getByLabel('登录密码').fill(accountPassword);
  await modal.getByRole('checkbox', { name: /我已了解/ }).check();
  await modal.getByRole('button', { name: '确认注销' }).click();
}
