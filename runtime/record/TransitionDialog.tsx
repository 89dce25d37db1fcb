import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import type { Field } from '../../schemas/screen/screen.types';
import type { RecordTransition } from '../../schemas/api/recordPages';
import { DmsDialog } from '../blocks/dialog/DmsDialog';
import { ScreenForm, type ScreenFormHandle } from '../form/ScreenForm';
import { RECORD_TEXT } from './recordText';
import type { RecordStore } from './RecordStore';

/** What a transition asks for: the fields the server says it requires and, for an approval, why (申请说明, the first step of its history). */
function askedFields(transition: RecordTransition): Field[] {
  const comment: Field = { fieldName: 'comment', label: RECORD_TEXT.comment, type: 'textarea', maxlength: 500, required: true };
  return transition.process ? [...transition.requires, comment] : transition.requires;
}

/** The small form of a transition (its required fields, or the approval's comment), or a plain confirmation. */
export const TransitionDialog = observer(function TransitionDialog({ store }: { store: RecordStore }) {
  const transition = store.asking;
  const form = useRef<ScreenFormHandle>(null);
  const [busy, setBusy] = useState(false);
  if (!transition || !store.record) return null;
  const fields = askedFields(transition);
  const title = store.meta?.recordTitle ?? '';
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    await store.transition(transition, values);
    setBusy(false);
  };
  return (
    <DmsDialog
      open
      title={transition.label}
      width={560}
      onClose={() => store.closeAsk()}
      footer={[
        <Button key="cancel" onClick={() => store.closeAsk()}>
          {RECORD_TEXT.cancel}
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => (fields.length > 0 ? form.current?.submit() : void submit({}))}>
          {transition.label}
        </Button>,
      ]}
    >
      {fields.length > 0 ? (
        <ScreenForm fields={fields} cols={1} labelWidth={90} mode="edit" idPrefix="transition" record={store.record} showActions={false} handleRef={form} onSubmit={(values) => void submit(values)} />
      ) : (
        <p className="dms-record-confirm">{RECORD_TEXT.confirmTransition(transition.label, title)}</p>
      )}
    </DmsDialog>
  );
});
