import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './workflow.css';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { ProcessHistory as History } from '../../../schemas/api/processTasks';
import { PROCESS_HISTORY_TEXT } from '../../../schemas/workflow/processText';
import { callApi } from '../../http/client';
import type { BlockProps } from '../../screen/screenExtensions';

const STATUS_COLOR: Record<History['status'], string> = { running: 'processing', approved: 'success', rejected: 'error' };
const ACTION_COLOR: Record<History['steps'][number]['action'], string> = { start: 'blue', agree: 'green', reject: 'red', transfer: 'gray', addSigner: 'purple', timeout: 'orange', end: 'green' };

/** The diagram the instance runs on, read-only, with the steps where it now waits marked. */
function ProcessDiagram({ xml, current }: { xml: string; current: string[] }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const viewer = new NavigatedViewer({ container: element.current });
    let alive = true;
    viewer.importXML(xml).then(
      () => {
        if (!alive) return;
        const canvas = viewer.get<{ zoom(level: string): void; addMarker(id: string, marker: string): void }>('canvas');
        canvas.zoom('fit-viewport');
        for (const id of current) canvas.addMarker(id, 'dms-process-current');
      },
      // A diagram that does not draw leaves the history below readable.
      () => undefined,
    );
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, current]);
  return <div ref={element} className="dms-process-diagram" data-testid="process-diagram" />;
}

/** A record's latest process: its diagram with the current step highlighted, and every step with who, when and why. */
export function ProcessHistory({ model, recordId }: { model: string; recordId: number }) {
  const [history, setHistory] = useState<History | null | undefined>(undefined);
  useEffect(() => {
    let alive = true;
    setHistory(undefined);
    // A refusal (not in scope) was shown by the http client; the block then shows no process.
    callApi<History | null>('workflow:GET instance/history', { params: { model, recordId } }).then(
      (answer) => alive && setHistory(answer ?? null),
      () => alive && setHistory(null),
    );
    return () => {
      alive = false;
    };
  }, [model, recordId]);
  if (history === undefined) return <Spin />;
  if (history === null) return <Empty description={PROCESS_HISTORY_TEXT.none} />;
  return (
    <div className="dms-process-history" data-testid="process-history">
      <Typography.Paragraph>
        {history.processName} <Tag color={STATUS_COLOR[history.status]}>{history.statusText}</Tag>
        {history.openTasks.length > 0 ? `${PROCESS_HISTORY_TEXT.waitingAt}${history.openTasks.map((t) => t.name).join('、')}` : null}
      </Typography.Paragraph>
      <ProcessDiagram xml={history.xml} current={history.current} />
      <Timeline
        items={history.steps.map((step) => ({
          color: ACTION_COLOR[step.action],
          children: (
            <span data-testid="process-step">
              {step.at} {step.name} <Tag>{step.actionText}</Tag>
              {step.userName ?? ''}
              {step.comment ? `：${step.comment}` : ''}
            </span>
          ),
        }))}
      />
    </div>
  );
}

/** The block: the record it names, else the table's selected row (a task row names its record; a record row is one). */
function ProcessHistoryBlock({ block, store }: BlockProps) {
  const row = store.selection[0];
  const model = block.model ?? (typeof row?.model === 'string' ? row.model : undefined);
  const fromRow = block.model ? row?.id : row?.recordId;
  const recordId = block.recordId ?? (typeof fromRow === 'number' ? fromRow : undefined);
  if (!store.can(block.permission)) return null;
  if (!model || recordId === undefined) return <Empty description={PROCESS_HISTORY_TEXT.select} />;
  return <ProcessHistory model={model} recordId={recordId} />;
}

export default observer(ProcessHistoryBlock);
