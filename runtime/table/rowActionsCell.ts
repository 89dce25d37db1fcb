// The row buttons (编辑, 删除...) as plain DOM: a cell of every row shows them, so they must cost next to nothing. A
// button is shown when the menu grants its permission and its visible condition holds for the row; it is locked while
// its action runs. Failures were reported by the http client; they are only logged here.
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { runAction } from '../screen/screenExtensions';
import { evaluateCondition } from '../../schemas/expression/expression';
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
    for (const button of store.screen.rowActions ?? []) {
      if (!store.can(button.permission, button.control) || !evaluateCondition(button.visible, { row }, true)) continue;
      const element = document.createElement('button');
      element.type = 'button';
      element.className = button.danger ? 'dms-row-action dms-row-action-danger' : 'dms-row-action';
      element.textContent = button.label;
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
