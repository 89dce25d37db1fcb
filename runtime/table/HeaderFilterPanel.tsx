// The popover of a header filter (building-blocks §3-§4): one kind of input per filterType, 搜索 disabled while the
// value is empty, 重置 clearing the column's filter. It is a single panel placed under the clicked filter icon, so only
// one can ever be open; a click anywhere else closes it.
import { Button, Checkbox, DatePicker, Input, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { TEXT } from '../../schemas/text/zh';
import type { Column } from '../../schemas/screen/screen.types';
import type { Option } from '../stores/session';
import { filterTypeOf, isEmptyFilter, type FilterValue, type Scalar } from './headerFilters';
import { acceptsRangeFilterInput, orderedRange, rangeBound } from './numberInput';

export interface HeaderFilterPanelProps {
  column: Column;
  anchor: HTMLElement;
  value: FilterValue | undefined;
  options: Option[];
  onApply(value: FilterValue | undefined): void;
  onClose(): void;
}

const PANEL_WIDTH = 260;

export function HeaderFilterPanel({ column, anchor, value, options, onApply, onClose }: HeaderFilterPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<FilterValue | undefined>(value);
  const [position, setPosition] = useState({ top: 0, left: 0 });
  const type = filterTypeOf(column);

  useLayoutEffect(() => {
    const rect = anchor.getBoundingClientRect();
    setPosition({ top: rect.bottom + 6, left: Math.max(8, Math.min(rect.left - 8, window.innerWidth - PANEL_WIDTH - 8)) });
  }, [anchor]);

  // A click outside the panel (and outside a filter icon, which toggles panels itself) closes it.
  useEffect(() => {
    const onDown = (event: MouseEvent) => {
      const target = event.target as Element | null;
      if (!target || panel.current?.contains(target) || target.closest?.('.dms-th-filter')) return;
      onClose();
    };
    document.addEventListener('mousedown', onDown, true);
    return () => document.removeEventListener('mousedown', onDown, true);
  }, [onClose]);

  const apply = () => {
    if (isEmptyFilter(draft)) return;
    onApply(type === 'number' ? orderedRange(draft as [number | undefined, number | undefined]) : draft);
  };

  return createPortal(
    <div ref={panel} className="dms-filter-panel" style={{ top: position.top, left: position.left, width: PANEL_WIDTH }} data-filter-for={column.dataIndex}>
      <div className="dms-filter-body">
        {type === 'input' ? (
          <Input
            autoFocus
            allowClear
            placeholder={TEXT.table.filterInput(column.title)}
            value={typeof draft === 'string' ? draft : ''}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={apply}
          />
        ) : null}
        {type === 'number' ? <NumberRangeFilter value={draft as [number | undefined, number | undefined] | undefined} onChange={setDraft} onEnter={apply} /> : null}
        {type === 'checkbox' ? (
          <Checkbox.Group
            className="dms-filter-choices"
            value={Array.isArray(draft) ? (draft as Scalar[]) : []}
            options={options.map((o) => ({ value: o.value as string, label: o.text, disabled: o.disabled }))}
            onChange={(values) => setDraft(values as Scalar[])}
          />
        ) : null}
        {type === 'radio' ? (
          <Radio.Group
            className="dms-filter-choices"
            value={draft as Scalar | undefined}
            options={options.map((o) => ({ value: o.value as string, label: o.text, disabled: o.disabled }))}
            onChange={(event) => setDraft(event.target.value as Scalar)}
          />
        ) : null}
        {type === 'date-range' ? (
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[TEXT.table.dateStart, TEXT.table.dateEnd]}
            getPopupContainer={() => panel.current ?? document.body}
            value={dateRangeValue(draft)}
            onChange={(dates) => setDraft([dates?.[0]?.format('YYYY-MM-DD'), dates?.[1]?.format('YYYY-MM-DD')])}
          />
        ) : null}
      </div>
      <Space className="dms-filter-actions" size={8}>
        <Button size="small" onClick={() => onApply(undefined)}>
          {TEXT.table.filterReset}
        </Button>
        <Button size="small" type="primary" disabled={isEmptyFilter(draft)} onClick={apply}>
          {TEXT.table.filterSearch}
        </Button>
      </Space>
    </div>,
    document.body,
  );
}

function dateRangeValue(draft: FilterValue | undefined): [dayjs.Dayjs | null, dayjs.Dayjs | null] | null {
  if (!Array.isArray(draft)) return null;
  const [from, to] = draft as [string | undefined, string | undefined];
  return [from ? dayjs(from) : null, to ? dayjs(to) : null];
}

/** From and to: each keystroke must keep a number-range text; leaving either box puts the two in order. */
function NumberRangeFilter({ value, onChange, onEnter }: { value: [number | undefined, number | undefined] | undefined; onChange(value: [number | undefined, number | undefined]): void; onEnter(): void }) {
  const [texts, setTexts] = useState<[string, string]>(() => [value?.[0]?.toString() ?? '', value?.[1]?.toString() ?? '']);
  const type = (index: 0 | 1, text: string) => {
    if (!acceptsRangeFilterInput(text)) return;
    const next: [string, string] = index === 0 ? [text, texts[1]] : [texts[0], text];
    setTexts(next);
    onChange([rangeBound(next[0]), rangeBound(next[1])]);
  };
  const order = () => {
    const [start, end] = [rangeBound(texts[0]), rangeBound(texts[1])];
    const [low, high] = orderedRange([start, end]);
    if (low === start) return;
    setTexts([texts[1], texts[0]]);
    onChange([low, high]);
  };
  return (
    <Space.Compact block>
      <Input placeholder={TEXT.table.rangeStart} value={texts[0]} onChange={(e) => type(0, e.target.value.trim())} onBlur={order} onPressEnter={onEnter} />
      <Input placeholder={TEXT.table.rangeEnd} value={texts[1]} onChange={(e) => type(1, e.target.value.trim())} onBlur={order} onPressEnter={onEnter} />
    </Space.Compact>
  );
}
