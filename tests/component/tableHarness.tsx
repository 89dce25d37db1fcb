// Renders a screen's data table in jsdom, inside the app's providers and with ag-grid's modules, over a fake server.
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { DataTable } from '../../runtime/blocks/DataTable';
import { Toolbar } from '../../runtime/blocks/Toolbar';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenStore } from '../../runtime/screen/ScreenStore';
import { renderInApp } from './renderInApp';

// jsdom computes a style by matching every stylesheet rule against the element, and ag-grid measures its elements all
// the time: with the real computation a small table took seconds of CPU to render. jsdom has no layout (every size is
// 0 whatever the style says), so inside the grid the element's inline style serves the same answers at no cost.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  element instanceof HTMLElement && element.closest('.ag-styled-root') ? element.style : computedStyle(element, pseudo);

export function renderTable(screen: Screen, grantedKeys: string[] = []) {
  const store = new ScreenStore(screen, grantedKeys);
  const view = renderInApp(
    <>
      <Toolbar store={store} />
      <DataTable store={store} />
    </>,
  );
  return { store, view };
}

export async function loaded(store: ScreenStore, filters = {}) {
  await act(() => store.search(filters));
}

// ag-grid 36 renders one element per row (pinned cells inside it), body rows under .ag-grid-scrolling-container.
export const bodyRows = () => document.querySelectorAll<HTMLElement>('.ag-grid-scrolling-container .ag-row');
export const cell = (rowIndex: number, colId: string) => document.querySelector<HTMLElement>(`.ag-grid-scrolling-container .ag-row[row-index="${rowIndex}"] [col-id="${colId}"]`);
export const summaryRow = () => document.querySelector<HTMLElement>('.ag-grid-pinned-bottom-rows-container .ag-row');
export const cellText = (rowIndex: number, colId: string) => cell(rowIndex, colId)?.textContent ?? null;
export const header = (colId: string) => document.querySelector<HTMLElement>(`.dms-th[data-col="${colId}"]`);
export const editor = () => document.querySelector<HTMLInputElement>('.ag-cell-inline-editing input');
export const shownRowCount = () => bodyRows().length;

export async function rowsShown(count: number) {
  await waitFor(() => expect(shownRowCount()).toBe(count));
}

export async function findHeader(colId: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = header(colId);
    expect(found, `表头 ${colId}`).toBeTruthy();
    return found!;
  });
}
