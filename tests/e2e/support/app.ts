import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchPageErrors } from './browser';
import { ServerProcess } from './serverProcess';

export interface AppInChromium {
  server: ServerProcess;
  browser: Browser;
  page: Page;
  /** Uncaught errors of the page, for a test to assert there were none. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** The product as `npm start` runs it, and one Chromium page (1440 x 900, zh-CN) to drive it. */
export async function startAppInChromium(env: Record<string, string> = {}): Promise<AppInChromium> {
  const server = await ServerProcess.create(env);
  await server.start();
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  return {
    server,
    browser,
    page,
    pageErrors: watchPageErrors(page),
    close: async () => {
      await browser.close();
      await server.dispose();
    },
  };
}
