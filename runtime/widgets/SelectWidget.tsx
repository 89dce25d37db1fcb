import { Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { selectOptions } from './optionLabel';
import { useFieldOptions } from './useFieldOptions';
import { statusOf, type WidgetProps } from './widgetProps';

/** After the dropdown closes, its search text is cleared this much later, once the closing animation is over. */
const SEARCH_RESET_DELAY_MS = 300;

type SelectValue = string | number | boolean | (string | number | boolean)[];

/**
 * The search text of a select: typed, and cleared SEARCH_RESET_DELAY_MS after the dropdown closes, so the filtered list
 * does not jump back to every option while it is still fading out. antd clears the text itself the moment the dropdown
 * closes; that clearing is left to the timer.
 */
function useSearchText(): [string, (text: string) => void, (open: boolean) => void] {
  const [search, setSearch] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const open = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearch = (text: string) => {
    if (text === '' && !open.current) return;
    setSearch(text);
  };
  const onOpenChange = (next: boolean) => {
    open.current = next;
    clearTimeout(timer.current);
    if (!next) timer.current = setTimeout(() => setSearch(''), SEARCH_RESET_DELAY_MS);
  };
  return [search, onSearch, onOpenChange];
}

/**
 * Select: single, multiple (multiple), free tags (tags), with options from a list, a dictionary or a request; with a
 * request's searchParam the typed text is sent to the server (remote search) instead of filtering locally.
 */
export const SelectWidget = observer(function SelectWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<SelectValue>) {
  const [search, setSearch, onOpenChange] = useSearchText();
  const remoteSearch = Boolean(field.request?.searchParam);
  const { options, loading } = useFieldOptions(field, remoteSearch ? search : '');
  const many = field.multiple === true || field.tags === true;
  return (
    <Select
      id={id}
      status={statusOf(invalid)}
      style={{ width: '100%' }}
      mode={field.tags ? 'tags' : field.multiple ? 'multiple' : undefined}
      maxTagCount="responsive"
      value={value ?? (many ? [] : undefined)}
      options={selectOptions(options)}
      loading={loading}
      disabled={disabled}
      placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
      allowClear
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        optionFilterProp: 'title',
        ...(remoteSearch ? { filterOption: false } : {}),
      }}
      onOpenChange={onOpenChange}
      onChange={(next: SelectValue | undefined) => onChange(Array.isArray(next) && next.length === 0 ? undefined : (next ?? undefined))}
    />
  );
});
