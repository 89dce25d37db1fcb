import { Button, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { TEXT } from '../../../schemas/text/zh';
import { statusOf, type WidgetProps } from '../widgetProps';
import { ConsultantPickerDialog, DealerPickerDialog } from './OrgPickerDialog';
import { loadDealers, loadEmployees } from './pickerData';
import type { DealerCompany, PickerEmployee } from '../../../schemas/api/orgPicker';

type Key = string | number;
type PickerValue = Key | Key[];

interface Kind<R> {
  keyOf(row: R): Key;
  labelOf(row: R): string;
  /** Rows of keys the field holds before anything is picked (a record being edited, a default). */
  lookup(keys: Key[]): Promise<R[]>;
}

const DEALER: Kind<DealerCompany> = {
  keyOf: (r) => r.companyCode,
  labelOf: (r) => r.companyNameCn,
  lookup: (keys) => loadDealers({}).then((rows) => rows.filter((r) => keys.includes(r.companyCode))),
};

const CONSULTANT: Kind<PickerEmployee> = {
  keyOf: (r) => r.userId,
  labelOf: (r) => r.employeeName,
  lookup: (keys) => loadEmployees({ isOnjob: '' }).then((rows) => rows.filter((r) => keys.includes(r.userId))),
};

const keysOf = (value: PickerValue | undefined): Key[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function PickerField<R>({ id, field, value, onChange, disabled, invalid, kind, Dialog }: WidgetProps<PickerValue> & { kind: Kind<R>; Dialog: typeof DealerPickerDialog | typeof ConsultantPickerDialog }) {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<R[]>([]);
  const keys = keysOf(value);
  const many = field.multiple === true;
  const missing = keys.filter((k) => !rows.some((r) => kind.keyOf(r) === k));
  useEffect(() => {
    if (missing.length === 0) return;
    let alive = true;
    void kind.lookup(missing).then((found) => alive && found.length > 0 && setRows((known) => [...known, ...found]));
    return () => {
      alive = false;
    };
    // Looks up only when keys without a known row appear.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missing.join(',')]);
  const chosen = keys.map((k) => rows.find((r) => kind.keyOf(r) === k)).filter((r): r is R => r !== undefined);
  const PickerDialog = Dialog as unknown as (props: { open: boolean; multiple: boolean; initial: R[]; onOk(rows: R[]): void; onCancel(): void }) => React.ReactNode;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        id={id}
        mode="multiple"
        open={false}
        // One name and a count keep the field one line high in the filter grid; the count's tooltip names the rest.
        maxTagCount={1}
        maxTagTextLength={8}
        style={{ flex: 1, minWidth: 0 }}
        maxTagPlaceholder={(omitted) => <span title={omitted.map((o) => String(o.label)).join('、')}>{`+${omitted.length}`}</span>}
        status={statusOf(invalid)}
        disabled={disabled}
        allowClear
        value={keys}
        options={keys.map((k) => {
          const row = rows.find((r) => kind.keyOf(r) === k);
          return { value: k, label: row ? kind.labelOf(row) : String(k) };
        })}
        placeholder={field.placeholder ?? TEXT.form.placeholderSelect(field.label)}
        onClick={() => !disabled && setOpen(true)}
        onChange={(next: Key[]) => onChange(next.length === 0 ? undefined : many ? next : next[0])}
      />
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        {TEXT.picker.choose}
      </Button>
      <PickerDialog
        open={open}
        multiple={many}
        initial={chosen}
        onCancel={() => setOpen(false)}
        onOk={(picked) => {
          setOpen(false);
          setRows((known) => [...known.filter((r) => !picked.some((p) => kind.keyOf(p) === kind.keyOf(r))), ...picked]);
          const next = picked.map(kind.keyOf);
          onChange(next.length === 0 ? undefined : many ? next : next[0]);
        }}
      />
    </Space.Compact>
  );
}

/** Dealer picker field: the chosen dealers' codes (companyCode), picked through the 区域 / 集团 / 省份城市 dialog. */
export function DealerPickerField(props: WidgetProps<PickerValue>) {
  return <PickerField {...props} kind={DEALER} Dialog={DealerPickerDialog} />;
}

/** Consultant picker field: the chosen staff's userIds, picked in the org tree dialog. */
export function ConsultantPickerField(props: WidgetProps<PickerValue>) {
  return <PickerField {...props} kind={CONSULTANT} Dialog={ConsultantPickerDialog} />;
}
