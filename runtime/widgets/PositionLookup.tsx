import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import type { Field } from '../../schemas/screen/screen.types';
import { lookupConsultants, lookupUsers } from './positionLookups';
import type { FieldOption } from './useFieldOptions';
import { statusOf, type WidgetProps } from './widgetProps';

type Lookup = (field: Field) => Promise<FieldOption[]>;
type PersonValue = string | number | (string | number)[];

function PositionSelect({ id, field, value, onChange, disabled, invalid, lookup }: WidgetProps<PersonValue> & { lookup: Lookup }) {
  const [options, setOptions] = useState<FieldOption[] | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    void lookup(field).then((loaded) => alive && setOptions(loaded));
    return () => {
      alive = false;
    };
  }, [field, lookup]);
  const many = field.multiple === true;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      status={statusOf(invalid)}
      mode={many ? 'multiple' : undefined}
      value={value ?? (many ? [] : undefined)}
      options={(options ?? []).map((o) => ({ value: o.value as string | number, label: o.text, title: o.text }))}
      loading={options === undefined}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'title' }}
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
      onChange={(next: PersonValue | undefined) => onChange(Array.isArray(next) && next.length === 0 ? undefined : (next ?? undefined))}
    />
  );
}

/** Consultant lookup: staff holding the field's position code (employed only unless includeLeft), by userId. */
export function ConsultantSelect(props: WidgetProps<PersonValue>) {
  return <PositionSelect {...props} lookup={lookupConsultants} />;
}

/** User lookup by position code, by userId with the employee's name. */
export function UserSelect(props: WidgetProps<PersonValue>) {
  return <PositionSelect {...props} lookup={lookupUsers} />;
}
