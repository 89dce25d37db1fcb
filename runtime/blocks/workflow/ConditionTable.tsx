import { Button, Input, Select } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { feedback } from '../../app/feedback';
import { operatorsFor, parseRows, parseVariable, serializeRows, type BranchVariable, type ConditionLabels } from '../../../schemas/workflow/conditionExpression';
import { committedRows, initialConditionState, reduceConditions, rowErrors, type ConditionEvent, type ConditionField } from './conditionRows';
import type { DictionaryOption } from './designerApi';
import { WORKFLOW_TEXT } from '../../../schemas/workflow/workflowText';
import { RELATIONAL_SYMBOLS, type ConditionRow } from '../../../schemas/workflow/conditionExpression';

const T = WORKFLOW_TEXT.condition;

export interface ConditionTableProps {
  /** The flow's stored rows (arrayData). */
  arrayData: string | undefined;
  variables: readonly BranchVariable[];
  loadDictionary(key: string): Promise<DictionaryOption[]>;
  /** After each save (完成, 删除): the committed rows, to be written on the flow. */
  onCommit(rows: ConditionRow[], labels: ConditionLabels): void;
}

const RELATIONAL_OPTIONS = RELATIONAL_SYMBOLS.map((symbol) => ({ value: symbol, label: `${symbol === '&&' ? T.and : T.or} ${symbol}` }));

function Cell({ label, error, children }: { label: string; error: string | undefined; children: ReactNode }) {
  return (
    <label className="dms-condition-cell">
      <span className="dms-condition-label">{label}</span>
      {children}
      {error ? <span className="dms-field-error">{error}</span> : null}
    </label>
  );
}

interface RowSelectProps {
  className: string;
  value: string;
  options: { value: string; label: string }[];
  disabled: boolean;
  error: string | undefined;
  search?: boolean;
  onChange(value: string): void;
}

function RowSelect({ className, value, options, disabled, error, search, onChange }: RowSelectProps) {
  return (
    <Select
      className={className}
      value={value || undefined}
      options={options}
      placeholder={T.required}
      disabled={disabled}
      status={error ? 'error' : undefined}
      showSearch={search ? { optionFilterProp: 'label' } : false}
      onChange={onChange}
    />
  );
}

/** The condition table of a flow leaving an exclusive gateway: rows of the state machine in conditionRows.ts. */
export function ConditionTable({ arrayData, variables, loadDictionary, onCommit }: ConditionTableProps) {
  const stored = serializeRows(parseRows(arrayData));
  const [state, setState] = useState(() => initialConditionState(parseRows(arrayData)));
  const [dictionaries, setDictionaries] = useState<ReadonlyMap<string, DictionaryOption[]>>(new Map());
  // What this table last wrote on the flow: a different stored value came from elsewhere (undo, another import).
  const written = useRef(stored);
  useEffect(() => {
    if (stored === written.current) return;
    written.current = stored;
    setState(initialConditionState(parseRows(stored)));
  }, [stored]);

  const dictionaryKeys = [...new Set(state.rows.map((r) => parseVariable(r.leftVariable)).filter((v) => v.suffix === 'D').map((v) => v.name))].join(',');
  useEffect(() => {
    for (const key of dictionaryKeys.split(',').filter(Boolean)) {
      if (dictionaries.has(key)) continue;
      void loadDictionary(key).then((options) => setDictionaries((current) => new Map(current).set(key, options)));
    }
  }, [dictionaryKeys, dictionaries, loadDictionary]);

  const labels: ConditionLabels = {
    variable: (value) => variables.find((v) => v.value === value)?.text ?? parseVariable(value).name,
    value: (row) => {
      const { name, suffix } = parseVariable(row.leftVariable);
      if (suffix !== 'D') return row.rightVariable.trim();
      return dictionaries.get(name)?.find((o) => o.value === row.rightVariable)?.text ?? row.rightVariable;
    },
  };

  const send = (event: ConditionEvent) => {
    const transition = reduceConditions(state, event);
    if (transition.warning) feedback().message.warning(transition.warning);
    setState(transition.state);
    if (transition.committed) {
      const rows = committedRows(transition.state);
      written.current = serializeRows(rows);
      onCommit(rows, labels);
    }
  };

  const changeLeft = (index: number, value: string) => {
    if (!operatorsFor(value)) {
      feedback().modal.error({ title: T.suffixError, content: T.suffixErrorDetail(labels.variable(value)), okText: '确定' });
    }
    send({ type: 'change', index, field: 'leftVariable', value });
  };

  const variableOptions = variables.map((v) => ({ value: v.value, label: v.text }));

  return (
    <div className="dms-condition-table" data-testid="condition-table">
      {state.rows.length === 0 ? <div className="dms-condition-empty">{T.empty}</div> : null}
      {state.rows.map((row, index) => {
        const errors = rowErrors(state, index);
        const change = (field: ConditionField) => (value: string) => send({ type: 'change', index, field, value });
        const { name, suffix } = parseVariable(row.leftVariable);
        const operators = row.leftVariable ? (operatorsFor(row.leftVariable) ?? []) : [];
        return (
          <div key={index} className="dms-condition-row" data-testid={`condition-row-${index}`}>
            <div className="dms-condition-head">
              <span>{T.row(index + 1)}</span>
              <span>
                {row.disabled ? (
                  <Button type="link" size="small" onClick={() => send({ type: 'edit', index })}>
                    {T.edit}
                  </Button>
                ) : (
                  <>
                    <Button type="link" size="small" onClick={() => send({ type: 'finish', index })}>
                      {T.finish}
                    </Button>
                    <Button type="link" size="small" onClick={() => send({ type: 'cancel', index })}>
                      {T.cancel}
                    </Button>
                  </>
                )}
                <Button type="link" size="small" danger onClick={() => send({ type: 'delete', index })}>
                  {T.delete}
                </Button>
              </span>
            </div>
            <div className="dms-condition-fields">
              {index > 0 ? (
                <Cell label={T.relational} error={errors.relationalSymbol}>
                  <RowSelect
                    className="dms-condition-relational"
                    value={row.relationalSymbol}
                    options={RELATIONAL_OPTIONS}
                    disabled={row.disabled}
                    error={errors.relationalSymbol}
                    onChange={change('relationalSymbol')}
                  />
                </Cell>
              ) : null}
              <Cell label={T.variable} error={errors.leftVariable}>
                <RowSelect
                  className="dms-condition-left"
                  value={row.leftVariable}
                  options={variableOptions}
                  disabled={row.disabled}
                  error={errors.leftVariable}
                  search
                  onChange={(value) => changeLeft(index, value)}
                />
              </Cell>
              <Cell label={T.compare} error={errors.compareSymbol}>
                <RowSelect
                  className="dms-condition-compare"
                  value={row.compareSymbol}
                  options={operators.map((o) => ({ value: o, label: o }))}
                  disabled={row.disabled}
                  error={errors.compareSymbol}
                  onChange={change('compareSymbol')}
                />
              </Cell>
              <Cell label={T.value} error={errors.rightVariable}>
                {suffix === 'D' ? (
                  <RowSelect
                    className="dms-condition-right"
                    value={row.rightVariable}
                    options={(dictionaries.get(name) ?? []).map((o) => ({ value: o.value, label: o.text }))}
                    disabled={row.disabled}
                    error={errors.rightVariable}
                    onChange={change('rightVariable')}
                  />
                ) : (
                  <Input
                    className="dms-condition-right"
                    value={row.rightVariable}
                    placeholder={T.required}
                    disabled={row.disabled}
                    status={errors.rightVariable ? 'error' : undefined}
                    onChange={(e) => change('rightVariable')(e.target.value)}
                  />
                )}
              </Cell>
            </div>
          </div>
        );
      })}
      <Button size="small" block onClick={() => send({ type: 'add' })}>
        {T.add}
      </Button>
    </div>
  );
}
