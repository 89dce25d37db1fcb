// Replaces the text of a Monaco editor the way a user pastes it: select all, then a paste event on the editor's own
// input (typed text would be auto-indented and auto-closed). Under load the click that focuses the editor can take
// effect after the paste is dispatched, which then goes to the page's body: the focus is waited for first.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** `editor`: a selector of the element around the editor (the first Monaco editor inside it gets the text). */
export async function pasteIntoMonaco(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .monaco-editor .view-lines`).first().click();
  // The focused element, or what has the focus instead (the failure message then says where it went).
  const focus = () =>
    page.evaluate((selector) => (document.activeElement?.closest(`${selector} .monaco-editor`) ? 'editor' : (document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing')), editor);
  await expect.poll(focus).toBe('editor');
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
