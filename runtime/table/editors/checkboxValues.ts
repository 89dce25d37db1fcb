import { TEXT } from '../../../schemas/text/zh';
import type { Column } from '../../../schemas/screen/screen.types';

type Value = string | number | boolean;

/** A checkbox column's stored values: the first editItem when checked, the second when not; '1' and '0' by default. */
export class CheckboxValues {
  readonly checked: Value;
  readonly unchecked: Value;
  readonly checkedText: string;
  readonly uncheckedText: string;

  constructor(column: Column) {
    const [on, off] = column.editItems ?? [];
    this.checked = on?.value ?? '1';
    this.unchecked = off?.value ?? '0';
    this.checkedText = on?.text ?? TEXT.table.yes;
    this.uncheckedText = off?.text ?? TEXT.table.no;
  }

  isChecked(value: unknown): boolean {
    return String(value) === String(this.checked);
  }

  valueOf(checked: boolean): Value {
    return checked ? this.checked : this.unchecked;
  }
}
