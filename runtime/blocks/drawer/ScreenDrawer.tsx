import { Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { callApi } from '../../http/client';
import type { Row, ScreenStore } from '../../screen/ScreenStore';
import { ReadOnlyPanel } from '../ReadOnlyPanel';
import { DmsDrawer } from './DmsDrawer';

/** A screen's detail drawer: the named dialog's fields as a read-only panel of the row (loaded through the dialog's load api). */
export const ScreenDrawer = observer(function ScreenDrawer({ store }: { store: ScreenStore }) {
  const open = store.drawer;
  const definition = open ? store.screen.dialogs?.[open.dialog] : undefined;
  const [record, setRecord] = useState<Row | undefined>(undefined);
  useEffect(() => {
    setRecord(undefined);
    if (!open || !definition) return;
    if (!definition.load) return setRecord(open.row ?? {});
    let alive = true;
    callApi<Row>(definition.load, store.calling({ values: open.row ?? {} })).then(
      (loaded) => alive && setRecord(loaded),
      () => alive && store.closeDrawer(),
    );
    return () => {
      alive = false;
    };
  }, [open, definition, store]);
  if (!open || !definition) return null;
  return (
    <DmsDrawer open title={open.title ?? definition.title} placement={open.placement} width={open.width} onClose={() => store.closeDrawer()}>
      {record ? <ReadOnlyPanel fields={definition.form.fields} record={record} cols={open.placement === 'top' || open.placement === 'bottom' ? 3 : 1} /> : <Spin />}
    </DmsDrawer>
  );
});
