// Replaces the text of a Monaco editor the way a user pastes it: select all, then a paste event on the editor's own
// input (typed text would be auto-indented and auto-closed). The paste goes to the focused element, so the caret must
// be in the editor first.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** `editor`: a selector of the element around the editor (the first Monaco editor inside it gets the text). */
export async function pasteIntoMonaco(page: Page, editor: string, text: string): Promise<void> {
  // The focused element, or what has the focus instead (the failure message then says where it went).
  const focus = () =>
    page.evaluate((selector) => (document.activeElement?.closest(`${selector} .monaco-editor`) ? 'editor' : (document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing')), editor);
  // A dialog or drawer that has just closed gives the focus back to the button that opened it when its animation ends,
  // which can be after this click: as a user would, click again when the caret is not in the editor.
  await expect
    .poll(async () => {
      if ((await focus()) !== 'editor') await page.locator(`${editor} .monaco-editor .view-lines`).first().click();
      return focus();
    }, { interval: 500 })
    .toBe('editor');
  await page.keyboard.press('ControlOrMeta+A');
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
