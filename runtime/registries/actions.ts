// The action registry: action type (as written in screen JSON) -> what clicking the button does. A new action is its
// name in schemas/screen/typeNames.ts and one entry here (the registry is typed by that list); every screen can then use
// its type name. Handlers are typed by runtime/screen/screenExtensions.ts and buttons run them through runAction there.
import { feedback } from '../app/feedback';
import { callApi } from '../http/client';
import { printDocument } from '../print/printDocument';
import { renderTemplate } from '../../schemas/expression/template';
import { evaluateExpression } from '../../schemas/expression/expression';
import { fillPath } from '../../schemas/screen/apiRef';
import { TEXT } from '../../schemas/text/zh';
import { runAction, type ActionHandler } from '../screen/screenExtensions';
import { navigationHash, recordHash } from '../screen/screenParams';
import type { ActionType } from '../../schemas/screen/typeNames';
import { exportActions } from '../export/exportActions';
import { importExcel } from '../import/importAction';
import { bulk } from '../table/bulkAction';
import { postSelection } from '../table/postSelection';
import { tableActions } from '../table/tableActions';
import { actionUrl, downloadFile } from '../upload/transfer';

/** An api or print action's query parameters: each an expression over the row (the spec's GET calls with a query). */
function queryOf(params: Record<string, string> | undefined, row: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, expression]) => [name, evaluateExpression(expression, { row: row ?? {} })]));
}

export const actionRegistry: Record<ActionType, ActionHandler> = {
  /** Opens a dialog by name: add from the toolbar, edit from a row unless the action says otherwise. */
  dialog: async (action, { store, row }) => {
    store.openDialog(action.dialog!, action.mode ?? (row ? 'edit' : 'add'), row);
  },

  /** Calls an api with the row filling the path's placeholders (and its query parameters from the row), tells the user,
   * and reloads the table. */
  api: async (action, { store, row }) => {
    await callApi(action.api!, store.calling({ values: row ?? {}, params: queryOf(action.params, row) }));
    feedback().message.success(action.successMessage === undefined ? TEXT.common.operationSucceeded : renderTemplate(action.successMessage, { row }));
    await store.reload();
  },

  /** Asks first (确认进行此操作? titled 提示信息 by default), then runs the `then` action. */
  confirm: (action, context) =>
    new Promise<void>((resolve) => {
      feedback().modal.confirm({
        title: action.title ?? TEXT.common.tipTitle,
        content: action.message === undefined ? TEXT.common.confirmDefault : renderTemplate(action.message, { row: context.row, selection: context.store.selection }),
        okText: TEXT.common.ok,
        cancelText: TEXT.common.cancel,
        onOk: async () => {
          try {
            await runAction(action.then!, context);
          } catch {
            // The http client has reported the failure; the dialog just closes.
          } finally {
            resolve();
          }
        },
        onCancel: () => resolve(),
      });
    }),

  reload: async (_action, { store }) => store.reload(),

  /** GETs a file (the row filling the path) and hands it to the browser under the server's name. */
  download: async (action, { row }) => {
    const failure = await downloadFile(actionUrl(fillPath(action.api!, row ?? {})));
    if (failure) feedback().message.error(failure);
  },

  /** addRow, deleteRows, saveRows: the editable table's actions. */
  ...tableActions,
  /** Shows the named dialog's fields read-only in a drawer (right by default). */
  drawer: async (action, { store, row }) => {
    store.openDrawer({ dialog: action.dialog!, row, title: action.title, placement: action.placement, width: action.width });
  },

  /** Fetches the print data with the row filling the path, fills the template, prints (local service or browser). */
  print: async (action, { store, row }) => {
    const data = await callApi<Record<string, unknown>>(action.api!, store.calling({ values: row ?? {}, params: queryOf(action.params, row) }));
    await printDocument({ template: action.template!, path: action.api, data, direction: action.direction, printCopies: action.printCopies, alwaysPrint: action.alwaysPrint });
  },

  /** exportExcel (the page export, built in a worker) and exportJob (the download centre's export). */
  ...exportActions,

  /** The Excel import dialog. */
  importExcel,

  /** One api on every selected row: confirmed with the count, failures summarised row by row. */
  bulk,

  /** Opens another screen (its menu path) with filter values from the row or selection, or (`record`) a record's page
   * under it, and a way back here. */
  navigate: async (action, { store, row }) => {
    const scope = { row, selection: store.selection };
    const back = window.location.hash.replace(/^#/, '');
    window.location.hash = action.record ? recordHash(action.to!, action.record, scope, back) : navigationHash(action.to!, action.params, scope, back);
  },

  /** Hands the selected rows to the window that opened or embeds the page (/selectCrowd's 确 定). */
  postSelection,
};

