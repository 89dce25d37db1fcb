import { Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import type { RecordStore } from '../RecordStore';

// bpmn-js is loaded when the tab is opened, not with the record page.
const ProcessHistory = lazy(() => import('../../blocks/workflow/ProcessHistory').then((module) => ({ default: module.ProcessHistory })));

/** The record's approval: the diagram with the current step highlighted, and its history (read again after a write). */
export const ProcessTab = observer(function ProcessTab({ store, model }: { store: RecordStore; model: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <ProcessHistory key={store.version} model={model} recordId={Number(store.id)} />
    </Suspense>
  );
});
