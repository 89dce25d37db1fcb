import { Button, Descriptions, Space, Steps, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { RecordKeyField } from '../../schemas/screen/screen.types';
import { ActionButton } from '../blocks/ActionButton';
import { buttonDisabled, buttonScope, buttonShown } from '../blocks/buttonState';
import { maskValue } from '../masking/masks';
import type { ScreenStore } from '../screen/ScreenStore';
import { session } from '../stores/session';
import { RECORD_TEXT } from './recordText';
import type { RecordStore } from './RecordStore';
import type { RecordValues } from './recordApis';

function keyText(field: RecordKeyField, record: RecordValues): string {
  const value = record[field.fieldName];
  if (value === null || value === undefined || value === '') return '';
  if (field.dict) return session.dictionary(field.dict).find((o) => String(o.value) === String(value))?.text ?? String(value);
  return field.mask ? maskValue(field.mask, value) : String(value);
}

/** The record's header: title and key fields, the steps of its states (the current one highlighted), and what the user may do now. */
export const RecordHeader = observer(function RecordHeader({ store, screenStore }: { store: RecordStore; screenStore: ScreenStore }) {
  const { record, meta, part } = store;
  // Before the record arrives: the frame (an empty title line, the key fields' labels), no steps and no buttons.
  const loaded = meta ? record : null;
  const steps = meta?.state?.steps ?? [];
  const current = steps.findIndex((s) => s.code === meta?.state?.current);
  const allowed = meta?.transitions.filter((t) => t.allowed) ?? [];
  // The header's buttons read the record as `row`, as row actions read theirs.
  const scope = buttonScope(screenStore, { row: loaded });
  return (
    <div className="dms-record-header">
      <div className="dms-record-title">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid={loaded ? 'record-title' : undefined}>
          {loaded ? String(loaded[part.titleField] ?? '') : '\u00a0'}
        </Typography.Title>
        {meta?.approval ? <Tag color="processing">{RECORD_TEXT.approving(meta.approval.processName)}</Tag> : null}
        <Space className="dms-record-buttons" wrap>
          {!loaded ? null : store.editing ? (
            <>
              <Button type="primary" size="small" loading={store.saving} onClick={() => void store.save()}>
                {RECORD_TEXT.save}
              </Button>
              <Button size="small" onClick={() => store.cancelEdit()}>
                {RECORD_TEXT.cancel}
              </Button>
            </>
          ) : (
            <>
              {allowed.map((t) => (
                <Button key={t.name} type="primary" size="small" data-transition={t.name} onClick={() => store.ask(t)}>
                  {t.label}
                </Button>
              ))}
              {store.canEdit ? (
                <Button size="small" onClick={() => store.startEdit()}>
                  {RECORD_TEXT.edit}
                </Button>
              ) : null}
              {(part.actions ?? [])
                .filter((button) => buttonShown(screenStore, button, scope))
                .map((button) => (
                  <ActionButton key={button.label} button={button} context={{ store: screenStore, row: loaded }} disabled={buttonDisabled(button, scope)} />
                ))}
            </>
          )}
        </Space>
      </div>
      {steps.length > 0 ? <Steps className="dms-record-steps" size="small" current={current} items={steps.map((s) => ({ title: s.name }))} /> : null}
      {part.keyFields?.length ? (
        <Descriptions
          className="dms-record-keys"
          size="small"
          column={4}
          items={part.keyFields.map((field) => ({ key: field.fieldName, label: field.label, children: <span data-key-field={field.fieldName}>{loaded ? keyText(field, loaded) : ''}</span> }))}
        />
      ) : null}
    </div>
  );
});
