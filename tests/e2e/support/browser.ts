import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the networking flags Chromium keeps trying to reach Google's services, which this network refuses.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const SCREENSHOTS = 'test-results/e2e';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`未找到 Chromium（${CHROMIUM}）：apt-get install -y chromium fonts-noto-cjk，或设置 CHROMIUM_PATH`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  // Every page asks for reduced motion, so the app opens dialogs without their zoom (runtime/app/reducedMotion.ts): on
  // a loaded CI machine a click could land where a still-moving dialog's button had been a frame before, and the
  // dialog stayed open with every later step blocked behind it. A test may still ask otherwise in its own options.
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/** Collects the page's uncaught errors so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * What a page showed when a test failed: its address, its tabs, the text of the visible page and a screenshot. Printed,
 * because CI keeps only the log; a step that fails once in a loaded run is explained by what was on the screen.
 */
export async function describePage(page: Page, name: string): Promise<string> {
  if (page.isClosed()) return `${name}: 页面已关闭`;
  const shot = `${SCREENSHOTS}/failed-${name}-${Date.now()}.png`;
  await page.screenshot({ path: shot }).catch(() => undefined);
  const seen = await page
    .evaluate(`(() => {
      const tabs = [...document.querySelectorAll('.dms-tabs .ant-tabs-tab')].map((t) => t.textContent.trim());
      const shown = document.querySelector('.dms-page:not([hidden])');
      const modals = [...document.querySelectorAll('.ant-modal')].map((m) => m.textContent.trim().slice(0, 120));
      return { tabs, modals, rows: shown ? shown.querySelectorAll('.ag-row').length : -1, text: (shown ? shown.innerText : document.body.innerText).slice(0, 600) };
    })()`)
    .catch((error: Error) => ({ error: error.message }));
  return `${name} @ ${page.url()}\n${JSON.stringify(seen, null, 1)}\n截图：${shot}`;
}

/** Waits until a dialog has finished appearing. Pages ask for reduced motion (launchChromium), so this is at once unless
 *  a test asked for antd's zoom-in, during which a click on a slow machine can be lost. */
export async function dialogShown(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  for (let i = 0; i < 100 && (await dialog.evaluate((el) => (el.closest('.ant-modal-wrap') ?? el).getAnimations({ subtree: true }).length)) > 0; i++) await page.waitForTimeout(50);
}

/** Clicks 确定 on the open confirmation once it has finished appearing: on a slow machine a click during antd's zoom-in
 *  was lost (the rollback confirm of configurator.test.ts stayed open with nothing sent). */
export async function confirmOk(page: Page): Promise<void> {
  const ask = page.locator('.ant-modal-confirm');
  await dialogShown(page, ask);
  await ask.getByRole('button', { name: '确定' }).click();
}
