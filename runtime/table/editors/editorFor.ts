import type { Column } from '../../../schemas/screen/screen.types';
import { DateCellEditor } from './DateCellEditor';
import { NumberCellEditor } from './NumberCellEditor';
import { reactEditor } from './reactEditor';
import { SearchHelperEditor } from './SearchHelperEditor';
import { SelectCellEditor } from './SelectCellEditor';
import { TextCellEditor } from './TextCellEditor';

const EDITORS = {
  input: reactEditor(TextCellEditor),
  number: reactEditor(NumberCellEditor),
  select: reactEditor(SelectCellEditor),
  date: reactEditor(DateCellEditor),
  searchHelper: reactEditor(SearchHelperEditor),
};

/** The editor of a column's cells by its editType; a search helper takes precedence. */
export function editorFor(column: Column): unknown {
  if (column.searchHelper) return EDITORS.searchHelper;
  switch (column.editType) {
    case 'number':
      return EDITORS.number;
    case 'select':
    case 'select-multiple':
      return EDITORS.select;
    case 'date-picker':
      return EDITORS.date;
    case 'checkbox':
      return 'agCheckboxCellEditor';
    default:
      return EDITORS.input;
  }
}
