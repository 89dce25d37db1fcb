// The row buttons (编辑, 删除...) as plain DOM: a cell of every row shows them, so they must cost next to nothing. A
// button is shown when the menu grants its permission and its visible condition holds for the row; it is drawn disabled
// (its reason as the hover title, a click does nothing) when its disabled condition holds for the row; it is locked
// while its action runs. Failures were reported by the http client; they are only logged here.
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { runAction } from '../screen/screenExtensions';
import { buttonDisabled, buttonScope, buttonShown } from '../blocks/buttonState';
import type { ScreenStore } from '../screen/ScreenStore';
import type { Row } from './rows';

export class RowActionsCell implements ICellRendererComp<Row> {
  private gui!: HTMLElement;

  init(params: ICellRendererParams<Row> & { store: ScreenStore }): void {
    this.gui = document.createElement('span');
    this.gui.className = 'dms-row-actions';
    const row = params.data;
    if (!row || params.node.rowPinned) return;
    const { store } = params;
    const scope = buttonScope(store, { row });
    for (const button of store.screen.rowActions ?? []) {
      if (!buttonShown(store, button, scope)) continue;
      const element = document.createElement('button');
      element.type = 'button';
      element.className = button.danger ? 'dms-row-action dms-row-action-danger' : 'dms-row-action';
      element.textContent = button.label;
      const off = buttonDisabled(button, scope);
      if (off) {
        // aria-disabled, not disabled: a disabled button gets no pointer events, so some browsers would not show its
        // title; the click is only kept from reaching the row.
        element.setAttribute('aria-disabled', 'true');
        element.classList.add('dms-row-action-off');
        if (off.reason) element.title = off.reason;
        element.addEventListener('click', (event) => event.stopPropagation());
        this.gui.append(element);
        continue;
      }
      element.addEventListener('click', async (event) => {
        event.stopPropagation();
        element.disabled = true;
        try {
          await runAction(button.action, { store, row });
        } catch (error) {
          console.error(error);
        } finally {
          element.disabled = false;
        }
      });
      this.gui.append(element);
    }
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(): boolean {
    return false;
  }
}
