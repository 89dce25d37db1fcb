import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { FieldOption } from './useFieldOptions';

/** An option's text with its colour dot and label list (building-blocks §3: value, text, disabled, colour, label list). */
export function optionLabel(option: FieldOption): ReactNode {
  if (!option.color && !option.labelList?.length) return option.text;
  return (
    <span className="dms-option">
      {option.color ? <span className="dms-option-color" style={{ background: option.color }} /> : null}
      {option.text}
      {option.labelList?.map((label) => (
        <Tag key={label} className="dms-option-tag">
          {label}
        </Tag>
      ))}
    </span>
  );
}

/** antd select options from field options; `title` keeps the plain text for search and tooltips. */
export function selectOptions(options: FieldOption[]) {
  return options.map((o) => ({ value: o.value as string | number, label: optionLabel(o), title: o.text, disabled: o.disabled }));
}
