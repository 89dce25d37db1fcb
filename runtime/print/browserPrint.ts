// The browser-print fallback (beyond the spec): the same template, laid out on the page size and direction asked for,
// printed by the browser's own dialog. The template is placed in a print root the print stylesheet shows alone.

import { PRINT_DEFAULTS, type PrintProps } from './printService';

export const PRINT_ROOT_ID = 'dms-print-root';

/** Places the printed pages in the document (copies one after another) and the @page size; answers the root. */
export function preparePrint(html: string, props: PrintProps, doc: Document = document): HTMLElement {
  doc.getElementById(PRINT_ROOT_ID)?.remove();
  const root = doc.createElement('div');
  root.id = PRINT_ROOT_ID;
  const size = props.pageSize ?? PRINT_DEFAULTS.pageSize;
  const horizontal = (props.direction ?? PRINT_DEFAULTS.direction) === 'horizontal';
  root.dataset.pageWidth = horizontal ? size.height : size.width;
  root.dataset.pageHeight = horizontal ? size.width : size.height;
  const copies = Math.max(1, props.printCopies ?? PRINT_DEFAULTS.printCopies);
  for (let i = 0; i < copies; i++) {
    const page = doc.createElement('section');
    page.className = 'dms-print-page';
    // The template escapes every value it writes (runtime/print/templates.ts).
    page.innerHTML = html;
    root.appendChild(page);
  }
  doc.body.appendChild(root);
  // @page cannot be set through an element's style; the sheet is built through the CSSOM, which a strict CSP allows.
  if (!('adoptedStyleSheets' in doc) || typeof CSSStyleSheet === 'undefined') return root;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(`@page { size: ${root.dataset.pageWidth} ${root.dataset.pageHeight}; margin: 10mm; }`);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets.filter((s) => !(s as CSSStyleSheet & { dmsPrint?: boolean }).dmsPrint), Object.assign(sheet, { dmsPrint: true })];
  return root;
}

/**
 * Opens the browser's print dialog on the prepared pages. They stay in the document, hidden on screen, until the next
 * print replaces them: browsers fire afterprint at different moments (some before the pages are spooled).
 */
export function browserPrint(html: string, props: PrintProps, win: Window = window): void {
  preparePrint(html, props, win.document);
  win.print();
}
