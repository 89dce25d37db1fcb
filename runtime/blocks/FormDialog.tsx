import type CoreForm from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { Button, Modal, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../app/feedback';
import { defaultValues } from '../form/formModel';
import { recordToFormData } from '../form/ranges';
import { ScreenForm } from '../form/ScreenForm';
import { callApi } from '../http/client';
import { TEXT } from '../i18n/zh';
import type { Row, ScreenStore } from '../screen/ScreenStore';

const MODE_PREFIX = { add: TEXT.form.add, edit: TEXT.form.edit, show: TEXT.form.show } as const;

/** The add/edit dialog of a screen: loads the record for edit, submits to the dialog's add or edit api. */
export const FormDialog = observer(function FormDialog({ store }: { store: ScreenStore }) {
  const open = store.dialog;
  const definition = open ? store.screen.dialogs?.[open.name] : undefined;
  const [record, setRecord] = useState<Row | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<CoreForm<Row, RJSFSchema>>(null);

  useEffect(() => {
    setRecord(null);
    if (!open || !definition) return;
    const fieldNames = definition.form.fields.map((f) => f.fieldName);
    if (open.mode === 'add') {
      setRecord(defaultValues(definition.form.fields));
      return;
    }
    if (!definition.load) {
      setRecord(recordToFormData(fieldNames, open.row ?? {}));
      return;
    }
    let alive = true;
    callApi<Row>(definition.load, { values: open.row ?? {} }).then(
      (loaded) => alive && setRecord(recordToFormData(fieldNames, loaded)),
      () => alive && store.closeDialog(),
    );
    return () => {
      alive = false;
    };
  }, [open, definition, store]);

  if (!open || !definition) return null;

  const submit = async (values: Row) => {
    const api = open.mode === 'add' ? definition.submit?.add : definition.submit?.edit;
    if (!api) return;
    setSaving(true);
    try {
      await callApi(api, { values: { ...open.row, ...values }, data: values });
      feedback().message.success(TEXT.form.saved);
      store.closeDialog();
      await store.reload();
    } catch {
      // The http client has shown the server's message; the dialog stays open with the user's input.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${MODE_PREFIX[open.mode]}${definition.title}`}
      width={definition.width ?? '60%'}
      style={{ top: '10vh' }}
      maskClosable={false}
      destroyOnHidden
      onCancel={() => store.closeDialog()}
      footer={[
        <Button key="cancel" onClick={() => store.closeDialog()}>
          {TEXT.form.close}
        </Button>,
        open.mode === 'show' ? null : (
          <Button key="submit" type="primary" loading={saving} disabled={!record} onClick={() => formRef.current?.submit()}>
            {open.mode === 'add' ? TEXT.form.save : TEXT.form.update}
          </Button>
        ),
      ]}
    >
      {record ? (
        <ScreenForm
          key={open.key}
          formRef={formRef}
          fields={definition.form.fields}
          cols={definition.form.cols ?? 2}
          labelWidth={definition.form.labelWidth ?? 100}
          mode={open.mode}
          idPrefix="dialog"
          initialData={record}
          onSubmit={(values) => void submit(values)}
        />
      ) : (
        <div className="dms-dialog-loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
});
