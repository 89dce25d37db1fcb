import { UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useMemo, useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { BatchQueryDialog } from './BatchQueryDialog';
import { MaskedValue } from './MaskedValue';
import { emptyToUndefined, statusOf, type WidgetProps } from './widgetProps';

/** Default maximum length: 99999999 characters in filters, 999 in other forms (back-office §5). */
export const textMaxLength = (maxlength: number | undefined, mode: WidgetProps['mode']): number => maxlength ?? (mode === 'filter' ? 99999999 : 999);

/** A screen's pattern, or none when it does not compile (screens:check reports it; the input then accepts anything). */
function compilePattern(pattern: string | undefined): RegExp | undefined {
  if (!pattern) return undefined;
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

/** The pattern blocks a change that does not match, unless the text shrinks (back-office §5). */
function acceptsText(pattern: RegExp | undefined, previous: string, next: string): boolean {
  return !pattern || next.length < previous.length || pattern.test(next);
}

/**
 * Text input: the value is trimmed on every change while the box keeps what was typed until it loses focus, so a
 * space between two words can still be typed.
 */
export function TextInput({ id, field, value, onChange, disabled, invalid, mode }: WidgetProps<string>) {
  const [text, setText] = useState(value ?? '');
  const [shownValue, setShownValue] = useState(value);
  const [batchOpen, setBatchOpen] = useState(false);
  const pattern = useMemo(() => compilePattern(field.pattern), [field.pattern]);
  // A value set from outside (reset, a change effect, the batch dialog) replaces the text.
  if (value !== shownValue) {
    setShownValue(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  if (field.mask && disabled && value) return <MaskedValue id={id} kind={field.mask} value={value} />;

  const commit = (next: string) => {
    setText(next);
    const trimmed = emptyToUndefined(next.trim());
    setShownValue(trimmed);
    onChange(trimmed);
  };
  return (
    <>
      <Input
        id={id}
        status={statusOf(invalid)}
        value={text}
        disabled={disabled}
        placeholder={field.placeholder ?? TEXT.form.placeholderInput(field.label)}
        maxLength={textMaxLength(field.maxlength, mode)}
        minLength={field.minlength ?? 0}
        allowClear
        onChange={(event) => {
          if (acceptsText(pattern, text, event.target.value)) commit(event.target.value);
        }}
        onBlur={() => setText(text.trim())}
        suffix={
          field.batch && !disabled ? (
            <Button type="text" size="small" className="dms-batch-open" aria-label={TEXT.form.batch.open} icon={<UnorderedListOutlined />} onClick={() => setBatchOpen(true)} />
          ) : undefined
        }
      />
      {batchOpen ? (
        <BatchQueryDialog
          value={value}
          onCancel={() => setBatchOpen(false)}
          onOk={(joined) => {
            setBatchOpen(false);
            commit(joined);
          }}
        />
      ) : null}
    </>
  );
}
