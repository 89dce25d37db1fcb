import type { Column } from '../../screen/screen.types';
import { DateCellEditor } from './DateCellEditor';
import { NumberCellEditor } from './NumberCellEditor';
import { SearchHelperEditor } from './SearchHelperEditor';
import { SelectCellEditor } from './SelectCellEditor';
import { TextCellEditor } from './TextCellEditor';

/** The editor of a column's cells by its editType; a search helper takes precedence. */
export function editorFor(column: Column): { component: unknown; popup: boolean } {
  if (column.searchHelper) return { component: SearchHelperEditor, popup: false };
  switch (column.editType) {
    case 'number':
      return { component: NumberCellEditor, popup: false };
    case 'select':
    case 'select-multiple':
      return { component: SelectCellEditor, popup: false };
    case 'date-picker':
      return { component: DateCellEditor, popup: false };
    case 'checkbox':
      return { component: 'agCheckboxCellEditor', popup: false };
    default:
      return { component: TextCellEditor, popup: false };
  }
}
