import { Button, Checkbox, Input, InputNumber } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { WORKFLOW_TEXT } from '../../../schemas/workflow/workflowText';

/**
 * A text input that writes to the model when the user leaves it or presses Enter: one undo step per edit, not one per
 * keystroke.
 */
export function CommitInput({ value, onCommit, placeholder, id }: { value: string; onCommit(value: string): void; placeholder?: string; id?: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return <Input id={id} value={draft} placeholder={placeholder} onChange={(e) => setDraft(e.target.value)} onBlur={commit} onPressEnter={commit} />;
}

export function PanelRow({ label, children, required }: { label: string; children: ReactNode; required?: boolean }) {
  return (
    <div className="dms-panel-row">
      <span className="dms-panel-label">
        {required ? <span className="dms-field-required">*</span> : null}
        {label}
      </span>
      <div className="dms-panel-control">{children}</div>
    </div>
  );
}

export type ColumnKind = 'text' | 'bool' | 'number';

export interface ListColumn<T> {
  key: keyof T & string;
  title: string;
  kind: ColumnKind;
}

export interface NestedList<T> {
  key: keyof T & string;
  title: string;
  columns: ListColumn<Record<string, unknown>>[];
  blank(): Record<string, unknown>;
}

interface ListEditorProps<T extends object> {
  items: readonly T[];
  columns: ListColumn<T>[];
  blank(): T;
  onChange(items: T[]): void;
  /** One list inside each item (the values of a form property, the constraints of a form field). */
  nested?: NestedList<T>;
  testId: string;
}

function ItemFields<T extends object>({ item, columns, onChange }: { item: T; columns: ListColumn<T>[]; onChange(item: T): void }) {
  const record = item as Record<string, unknown>;
  return (
    <div className="dms-list-fields">
      {columns.map((column) => {
        const value = record[column.key];
        const set = (next: unknown) => onChange({ ...item, [column.key]: next });
        return (
          <label key={column.key} className={column.kind === 'bool' ? 'dms-list-field dms-list-bool' : 'dms-list-field'}>
            {column.kind === 'bool' ? (
              <Checkbox checked={value === true} onChange={(e) => set(e.target.checked)}>
                {column.title}
              </Checkbox>
            ) : (
              <>
                <span className="dms-list-label">{column.title}</span>
                {column.kind === 'number' ? (
                  <InputNumber value={typeof value === 'number' ? value : null} precision={0} onChange={(n) => set(n ?? null)} />
                ) : (
                  <CommitInput value={typeof value === 'string' ? value : ''} onCommit={set} />
                )}
              </>
            )}
          </label>
        );
      })}
    </div>
  );
}

/** Edits a list of plain records (buttons, form properties, form fields): add, change and delete, each a model write. */
export function ListEditor<T extends object>({ items, columns, blank, onChange, nested, testId }: ListEditorProps<T>) {
  const replace = (index: number, item: T) => onChange(items.map((existing, i) => (i === index ? item : existing)));
  return (
    <div className="dms-list-editor" data-testid={testId}>
      {items.map((item, index) => {
        const inner = nested ? ((item as Record<string, unknown>)[nested.key] as Record<string, unknown>[]) : [];
        return (
          <div key={index} className="dms-list-item">
            <ItemFields item={item} columns={columns} onChange={(next) => replace(index, next)} />
            {nested ? (
              <div className="dms-list-nested">
                <span className="dms-list-label">{nested.title}</span>
                <ListEditor
                  items={inner}
                  columns={nested.columns}
                  blank={nested.blank}
                  onChange={(next) => replace(index, { ...item, [nested.key]: next })}
                  testId={`${testId}-${index}-${nested.key}`}
                />
              </div>
            ) : null}
            <Button type="link" size="small" danger onClick={() => onChange(items.filter((_, i) => i !== index))}>
              {WORKFLOW_TEXT.panel.remove}
            </Button>
          </div>
        );
      })}
      <Button size="small" onClick={() => onChange([...items, blank()])}>
        {WORKFLOW_TEXT.panel.add}
      </Button>
    </div>
  );
}
