import { observer } from 'mobx-react-lite';
import type { Field } from '../../../schemas/screen/screen.types';
import { ReadOnlyPanel } from '../../blocks/ReadOnlyPanel';
import { ScreenForm } from '../../form/ScreenForm';
import type { RecordStore } from '../RecordStore';

/** A group of the record's fields: read-only, or (editing) a form whose values join the page's one save. */
export const FieldsTab = observer(function FieldsTab({ store, tabKey, fields, cols }: { store: RecordStore; tabKey: string; fields: Field[]; cols: number }) {
  const record = store.record!;
  if (!store.editing) return <ReadOnlyPanel fields={fields} record={record} cols={cols} />;
  return (
    <ScreenForm
      fields={fields}
      cols={cols}
      labelWidth={90}
      mode="edit"
      idPrefix={`record-${tabKey}`}
      record={record}
      showActions={false}
      handleRef={(handle) => store.registerForm(tabKey, handle)}
    />
  );
});
