import { Button, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../app/feedback';
import { FORM_DEFAULTS, ScreenForm, submitLabel, type ScreenFormHandle } from '../form/ScreenForm';
import { callApi } from '../http/client';
import { TEXT } from '../../schemas/text/zh';
import { DmsDialog } from './dialog/DmsDialog';
import type { Row, ScreenStore } from '../screen/ScreenStore';

const MODE_PREFIX = { add: TEXT.form.add, edit: TEXT.form.edit, show: TEXT.form.show } as const;

/**
 * The add, edit and show dialog of a screen: loads the record for edit and show, submits to the dialog's add or edit
 * api. The footer carries the form's buttons: 取 消, 重 置 and 保 存 (add) or 修 改 (edit); show has 取 消 only.
 */
export const FormDialog = observer(function FormDialog({ store }: { store: ScreenStore }) {
  const open = store.dialog;
  const definition = open ? store.screen.dialogs?.[open.name] : undefined;
  // undefined while loading; null for a new record (the form starts from its defaults).
  const [record, setRecord] = useState<Row | null | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<ScreenFormHandle>(null);

  useEffect(() => {
    setRecord(undefined);
    if (!open || !definition) return;
    if (open.mode === 'add') {
      setRecord(null);
      return;
    }
    if (!definition.load) {
      setRecord(open.row ?? {});
      return;
    }
    let alive = true;
    callApi<Row>(definition.load, store.calling({ values: open.row ?? {} })).then(
      (loaded) => alive && setRecord(loaded),
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
      await callApi(api, store.calling({ values: { ...open.row, ...values }, data: values }));
      feedback().message.success(TEXT.form.saved);
      store.closeDialog();
      await store.reload();
    } catch {
      // The http client has shown the server's message; the dialog stays open with the user's input.
    } finally {
      setSaving(false);
    }
  };

  const loaded = record !== undefined;
  const editable = open.mode !== 'show';
  return (
    <DmsDialog
      open
      title={`${MODE_PREFIX[open.mode]}${definition.title}`}
      width={definition.width}
      onClose={() => store.closeDialog()}
      footer={[
        <Button key="cancel" onClick={() => store.closeDialog()}>
          {TEXT.form.close}
        </Button>,
        editable ? (
          <Button key="reset" disabled={!loaded} onClick={() => formRef.current?.reset()}>
            {TEXT.form.reset}
          </Button>
        ) : null,
        editable ? (
          <Button key="submit" type="primary" loading={saving} disabled={!loaded} onClick={() => formRef.current?.submit()}>
            {submitLabel(open.mode)}
          </Button>
        ) : null,
      ]}
    >
      {loaded ? (
        <ScreenForm
          key={open.key}
          handleRef={formRef}
          fields={definition.form.fields}
          cols={definition.form.cols ?? FORM_DEFAULTS.cols}
          rows={definition.form.rows}
          collapsible={definition.form.collapsible}
          labelWidth={definition.form.labelWidth ?? FORM_DEFAULTS.labelWidth}
          mode={open.mode}
          idPrefix="dialog"
          record={record ?? undefined}
          showActions={false}
          onSubmit={(values) => void submit(values)}
        />
      ) : (
        <div className="dms-dialog-loading">
          <Spin />
        </div>
      )}
    </DmsDialog>
  );
});
