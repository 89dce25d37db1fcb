import { observer } from 'mobx-react-lite';
import type { Field } from '../../../schemas/screen/screen.types';
import { ScreenForm } from '../../form/ScreenForm';
import { ChildLinesView } from '../../widgets/ChildLinesView';
import type { RecordStore } from '../RecordStore';

/** The record's child lines: read-only, or (editing) the child-lines widget, totals following each keystroke, saved with the record. */
export const LinesTab = observer(function LinesTab({ store, tabKey, field }: { store: RecordStore; tabKey: string; field: Field }) {
  const record = store.record!;
  if (!store.editing) return field.lines ? <ChildLinesView spec={field.lines} lines={record[field.fieldName]} record={record} /> : null;
  return (
    <ScreenForm
      fields={[field]}
      cols={1}
      labelWidth={90}
      mode="edit"
      idPrefix={`record-${tabKey}`}
      record={record}
      showActions={false}
      handleRef={(handle) => store.registerForm(tabKey, handle)}
    />
  );
});
