// The actions of an editable table (screen JSON action types addRow, deleteRows, saveRows): rows are added and removed
// in the browser, and one save sends the inserted, updated and deleted rows together.
import { feedback } from '../app/feedback';
import { callApi } from '../http/client';
import { TEXT } from '../../schemas/text/zh';
import type { ActionHandler } from '../screen/screenExtensions';
import type { ScreenStore } from '../screen/ScreenStore';
import { tableMessages } from './cellValidation';
import type { EditSession } from './editSession';

function editsOf(store: ScreenStore): EditSession {
  if (!store.edits) throw new Error(`页面 ${store.screen.id} 的表格没有可编辑的列`);
  return store.edits;
}

export const tableActions = {
  /** A new row at the top, flagged new, its first editable cell open. */
  addRow: async (_action, { store }) => {
    const edits = editsOf(store);
    if (edits.closeEditor()) return;
    edits.editWhenShown(store.addRow());
  },

  /** The row of a row button, or the selected rows from the toolbar; deleted on the server with the next save. */
  deleteRows: async (_action, { store, row }) => {
    const rows = row ? [row] : store.selection;
    if (rows.length === 0) {
      feedback().message.warning(TEXT.table.selectRowsFirst);
      return;
    }
    editsOf(store).cancelEditor();
    store.removeRows(rows);
  },

  /** Checks every row (the table-level messages name each kind of problem), then saves the three sets in one call. */
  saveRows: async (action, { store }) => {
    const edits = editsOf(store);
    const open = edits.closeEditor();
    const messages = open ? tableMessages([open]) : edits.checkAll(store.rows);
    if (messages.length > 0) {
      for (const message of messages) feedback().message.error(message);
      return;
    }
    if (!edits.changes.dirty) {
      feedback().message.info(TEXT.table.nothingToSave);
      return;
    }
    await callApi(action.api!, store.calling({ data: edits.changes.sets() }));
    edits.reset();
    feedback().message.success(action.successMessage ?? TEXT.table.saved);
    await store.load();
  },
} satisfies Record<'addRow' | 'deleteRows' | 'saveRows', ActionHandler>;
