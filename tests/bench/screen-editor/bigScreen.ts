// A 3,000-line screen (formatted as the editor shows it): the list template with 280 more columns and 230 more dialog
// fields. Its first column is titled BenchTitle and shows dictionary 8021, the two places the benchmark types into.
import { formatScreen } from '../../../schemas/screen/formatScreen';
import { TEMPLATES } from '../../../editor/templates';
import type { Screen } from '../../../schemas/screen/screen.types';

export const SCREEN_ID = 'bench.bigList';
export const TITLE_WORD = 'BenchTitle';
export const DICT_CODE = '8021';

export function bigScreen(): Screen {
  const screen = TEMPLATES.list(SCREEN_ID, '三千行页面');
  screen.table!.columns = [
    { title: TITLE_WORD, dataIndex: 'roNo', dict: DICT_CODE, width: 190 },
    ...screen.table!.columns.slice(1),
    ...Array.from({ length: 280 }, (_, i) => ({ title: `列${i + 1}`, dataIndex: `extra${i + 1}`, width: 100 })),
  ];
  screen.dialogs!.edit!.form.fields.push(
    ...Array.from({ length: 230 }, (_, i) => ({ fieldName: `extraField${i + 1}`, label: `字段${i + 1}`, type: 'input', maxlength: 50 })),
  );
  return screen;
}

export const bigScreenText = (): string => formatScreen(bigScreen());
