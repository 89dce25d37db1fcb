import { CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Input, Popover } from 'antd';
import { useState } from 'react';
import { TEXT } from '../../../schemas/text/zh';
import { statusOf, type WidgetProps } from '../widgetProps';
import { isQuarterDisabled, QUARTERS, quarterOf, quarterValue } from './quarters';

type Pair = [string | null, string | null];

/**
 * Quarter picker: a year switcher over the four quarters; choosing one sets the field to the quarter's start and end
 * datetimes and shows the year plus quarter range string. Quarters flagged in disabledQuarters cannot be chosen.
 */
export function QuarterPicker({ id, field, value, onChange, disabled, invalid }: WidgetProps<Pair>) {
  const chosen = quarterOf(value?.[0]);
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(chosen?.year ?? new Date().getFullYear());
  const panel = (
    <div className="dms-quarter-panel" role="dialog" aria-label={TEXT.quarter.placeholder}>
      <div className="dms-quarter-year">
        <Button type="text" size="small" aria-label={TEXT.quarter.year(year - 1)} icon={<LeftOutlined />} onClick={() => setYear(year - 1)} />
        <span>{TEXT.quarter.year(year)}</span>
        <Button type="text" size="small" aria-label={TEXT.quarter.year(year + 1)} icon={<RightOutlined />} onClick={() => setYear(year + 1)} />
      </div>
      <div className="dms-quarter-grid">
        {QUARTERS.map((q, i) => {
          const quarter = i + 1;
          const active = chosen?.year === year && chosen.quarter === quarter;
          return (
            <Button
              key={q.start}
              type={active ? 'primary' : 'default'}
              disabled={isQuarterDisabled(field.disabledQuarters, quarter)}
              title={TEXT.quarter.quarter(quarter)}
              onClick={() => {
                const v = quarterValue(year, quarter);
                onChange([v.start, v.end]);
                setOpen(false);
              }}
            >
              {`${q.start}-${q.end}`}
            </Button>
          );
        })}
      </div>
    </div>
  );
  return (
    <Popover open={open && !disabled} onOpenChange={(next) => setOpen(next && !disabled)} trigger="click" placement="bottomLeft" content={panel} destroyOnHidden>
      <Input
        id={id}
        readOnly
        disabled={disabled}
        status={statusOf(invalid)}
        value={chosen ? quarterValue(chosen.year, chosen.quarter).text : ''}
        placeholder={field.placeholder ?? TEXT.quarter.placeholder}
        suffix={<CalendarOutlined />}
        allowClear
        onChange={(e) => e.target.value === '' && onChange(undefined)}
      />
    </Popover>
  );
}
