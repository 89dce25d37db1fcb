import { Descriptions } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Row } from '../screen/ScreenStore';
import type { Field } from '../../schemas/screen/screen.types';
import { session } from '../stores/session';
import { loadRemoteOptions, type FieldOption } from '../widgets/useFieldOptions';
import { ChildLinesView } from '../widgets/ChildLinesView';
import { RichTextView } from '../widgets/richText/RichTextField';

/** The text of a value: chosen options by their text (lists joined with 、), ranges as start ~ end, the rest as is. */
export function displayText(value: unknown, options: FieldOption[] | undefined, range = false): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => displayText(v, options)).filter(Boolean).join(range ? ' ~ ' : '、');
  const option = options?.find((o) => String(o.value) === String(value));
  return option ? option.text : String(value);
}

const valueOf = (field: Field, record: Row): unknown =>
  field.fieldName.includes('|') ? field.fieldName.split('|').map((name) => record[name]) : record[field.fieldName];

/** Options of a field for display: static, dictionary or remote (a remote failure shows the raw values). */
function useOptions(field: Field): FieldOption[] | undefined {
  const [remote, setRemote] = useState<FieldOption[] | undefined>(undefined);
  useEffect(() => {
    if (!field.request || field.options || field.dict || /\{/.test(field.request.api)) return;
    let alive = true;
    void loadRemoteOptions(field.request).then((loaded) => alive && setRemote(loaded));
    return () => {
      alive = false;
    };
  }, [field]);
  if (field.options) return field.options;
  if (field.dict) return session.dictionary(field.dict);
  return remote;
}

const PanelValue = observer(function PanelValue({ field, record }: { field: Field; record: Row }) {
  const options = useOptions(field);
  const value = valueOf(field, record);
  if (field.type === 'rich-text') return <RichTextView html={typeof value === 'string' ? value : ''} />;
  if (field.type === 'child-lines' && field.lines) return <ChildLinesView spec={field.lines} lines={value} record={record} />;
  return <span>{displayText(value, options, field.fieldName.includes('|'))}</span>;
});

/** Read-only form panel (building-blocks §2 item 9): label: value pairs of a form's fields, in the form's columns. */
export function ReadOnlyPanel({ fields, record, cols = 2 }: { fields: Field[]; record: Row; cols?: number }) {
  const shown = fields.filter((f) => f.type !== 'divider' && f.hidden !== true);
  return (
    <Descriptions
      className="dms-readonly-panel"
      column={cols}
      size="small"
      bordered
      items={shown.map((f) => ({ key: f.fieldName, label: f.label, span: f.type === 'rich-text' || f.type === 'textarea' || f.type === 'child-lines' ? cols : 1, children: <PanelValue field={f} record={record} /> }))}
    />
  );
}
