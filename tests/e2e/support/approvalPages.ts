// Shared steps of the approval end-to-end tests: a page signed in as a demo user on a menu page, the header bell's
// count, dialogs and table rows by what they show, and a call as the signed-in user outside the page (signed with the
// key the server gave the browser) to set up or check what the page does not show.
import type { Browser, Page } from 'playwright-core';
import { randomNonce, signRequest } from '../../../schemas/signing/signature';
import { watchPageErrors } from './browser';
import type { ServerProcess } from './serverProcess';
import { signInThroughPage } from './signIn';

export const TODO_PATH = '/personal/myTodo/index';
export const TODO_LIST = '/api/workflow/task/todo';

export interface SignedPage {
  page: Page;
  errors: string[];
}

/** A new browser context signed in as `userCode`, on `path`, once its list (`answer` in the address) has answered. */
export async function signedInPage(browser: Browser, server: ServerProcess, userCode: string, path: string, answer: string): Promise<SignedPage> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${server.baseUrl}/#/home`);
  await signInThroughPage(page, userCode);
  await page.waitForURL(/#\/home$/);
  const listed = page.waitForResponse((r) => r.url().includes(answer));
  await page.goto(`${server.baseUrl}/#${path}`);
  await listed;
  return { page, errors };
}

/** The header bell's count (0 when the badge shows none). */
export async function bellCount(page: Page): Promise<number> {
  const badge = page.locator('[data-testid="todo-count"] .ant-badge-count:visible');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().getAttribute('title')) ?? '0');
}

export const dialogTitled = (page: Page, title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The rows of the page's table whose column `colId` shows `text`. */
export const rowsShowing = (page: Page, colId: string, text: string) => page.locator('.dms-page:not([hidden]) .dms-table .ag-row').filter({ has: page.locator(`[col-id="${colId}"]`, { hasText: text }) });

// Exactly the named button: 交车 beside 交车检查 in one row.
export const rowButton = (row: ReturnType<Page['locator']>, name: string) => row.locator('[col-id="__actions"]').getByRole('button', { name, exact: true });

/** A dropdown's option, once the closing one of a previous choice has gone. */
export const visibleOption = (page: Page, title: string) => page.locator('.ant-select-dropdown:visible').last().locator(`.ant-select-item-option[title="${title}"]`);

export interface Answer<T> {
  resultCode: number;
  errMsg: string;
  data: T;
}

/** A call as the page's signed-in user from the menu `menuId`. */
export async function callAs<T = unknown>(page: Page, server: ServerProcess, path: string, menuId: string, method = 'GET', body?: unknown): Promise<Answer<T>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
  const config = (await (await fetch(`${server.baseUrl}/config.json`)).json()) as { signing: { key: string } };
  const headers: Record<string, string> = { authorization: `Bearer ${decodeURIComponent(token)}`, menuId, ...signRequest(config.signing.key, { method, url: path }, Date.now(), randomNonce()) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return (await response.json()) as Answer<T>;
}
