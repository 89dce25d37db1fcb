import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './workflow.css';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag } from 'antd';
import type { Element } from 'bpmn-js/lib/model/Types';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { feedback } from '../../app/feedback';
import type { BlockProps } from '../../screen/screenExtensions';
import type { BranchVariable } from '../../../schemas/workflow/conditionExpression';
import { createDesignerApi, type DictionaryOption } from './designerApi';
import type { DiagramCheck } from '../../../schemas/workflow/diagramCheck';
import { loadDraft, saveDraft } from './localDraft';
import { emptyProcessXml, newProcessId, ProcessModeler } from './processModeler';
import { PropertyPanel } from './PropertyPanel';
import { WORKFLOW_TEXT } from '../../../schemas/workflow/workflowText';
import type { RoleOption } from '../../../schemas/workflow/workflowModel';
import type { ProcessVersionInfo } from '../../../schemas/api/processes';

const T = WORKFLOW_TEXT;
const DEFAULT_HEIGHT = 640;

interface Opened {
  processId: string;
  /** The server's latest version when this process was opened or saved; null while it is not on the server. */
  baseVersion: number | null;
  /** The version on the canvas, when it came from the server. */
  version: number | null;
  versions: ProcessVersionInfo[];
}

/**
 * The workflow designer block (building-blocks §2 item 4): a bpmn-js canvas with the designer's palette, 后退 and 前进,
 * the diagram check, local-storage drafts, saving versions to the process service, and the property panel. It opens
 * the process named by the block, else the row selected in the screen's table, else a new process.
 */
function WorkflowDesigner({ block, store }: BlockProps) {
  const api = useMemo(() => createDesignerApi(block.service ?? store.screen.service), [block.service, store.screen.service]);
  const canSave = store.can(block.permission);
  const containerRef = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<ProcessModeler | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const openedId = useRef<string | null>(null);
  const [selected, setSelected] = useState<Element | null>(null);
  const [dirty, setDirty] = useState(false);
  const [checkResult, setCheckResult] = useState<DiagramCheck | null>(null);
  const [, setRevision] = useState(0);
  const [saving, setSaving] = useState(false);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [variables, setVariables] = useState<BranchVariable[]>([]);
  const dictionaries = useRef(new Map<string, Promise<DictionaryOption[]>>());

  useEffect(() => {
    const instance = new ProcessModeler(containerRef.current!);
    const unsubscribe = [
      instance.on('selection.changed', ({ newSelection }) => setSelected(newSelection?.length === 1 ? newSelection[0]! : null)),
      instance.on('commandStack.changed', (event) => {
        if (event.trigger !== 'clear') setDirty(true);
        setCheckResult(null);
        setRevision((r) => r + 1);
      }),
      instance.on('import.done', () => {
        setSelected(null);
        setRevision((r) => r + 1);
      }),
    ];
    setModeler(instance);
    return () => {
      unsubscribe.forEach((off) => off());
      instance.destroy();
    };
  }, []);

  const show = useCallback(
    async (xml: string, next: Opened, changed = false) => {
      if (!modeler) return;
      try {
        await modeler.open(xml);
      } catch (error) {
        feedback().message.error(`${T.messages.importFailed}${(error as Error).message}`);
        return;
      }
      openedId.current = next.processId;
      setOpened(next);
      setDirty(changed);
      setCheckResult(null);
    },
    [modeler],
  );

  const openFromServer = useCallback(
    async (processId: string, version?: number) => {
      try {
        const detail = await api.get(processId, version);
        await show(detail.xml, { processId, baseVersion: detail.latestVersion, version: detail.version, versions: detail.versions });
      } catch {
        // The http client has told the user why the definition could not be opened.
      }
    },
    [api, show],
  );

  const newProcess = useCallback(() => {
    const processId = newProcessId();
    return show(emptyProcessXml(processId), { processId, baseVersion: null, version: null, versions: [] });
  }, [show]);

  const confirmDiscard = (proceed: () => void) => {
    if (!dirty) return proceed();
    feedback().modal.confirm({ title: T.messages.discardTitle, content: T.messages.discardChanges, okText: '确定', cancelText: '取消', onOk: proceed });
  };

  // Follow the block's process, or the table's selected row; start a new process when there is neither.
  const wanted = block.processId ?? (store.selection[0]?.processId as string | undefined);
  useEffect(() => {
    if (!modeler) return;
    if (wanted && wanted !== openedId.current) confirmDiscard(() => void openFromServer(wanted));
    else if (!wanted && openedId.current === null) void newProcess();
    // Not re-run when only `dirty` changes: that would ask again about a process the user chose to keep.
  }, [modeler, wanted, openFromServer, newProcess]);

  // Roles and branch variables belong to the open process; a failed lookup leaves them empty, silently.
  const processId = opened?.processId;
  useEffect(() => {
    if (!processId) return;
    let alive = true;
    dictionaries.current.clear();
    void api.roles(processId).then((list) => alive && setRoles(list));
    void api.variables(processId).then((list) => alive && setVariables(list));
    return () => {
      alive = false;
    };
  }, [api, processId]);

  const loadDictionary = useCallback(
    (key: string) => {
      const cached = dictionaries.current.get(key);
      if (cached) return cached;
      const loading = api.dictionary(key);
      dictionaries.current.set(key, loading);
      return loading;
    },
    [api],
  );

  if (!modeler || !opened) return <DesignerFrame height={block.height} containerRef={containerRef} toolbar={null} panel={null} />;

  const check = () => {
    const result = modeler.check();
    setCheckResult(result);
    if (result.ok) feedback().message.success(result.message);
    else feedback().message.error(result.message);
  };

  const saveLocal = async () => {
    saveDraft({ xml: await modeler.xml(), processId: modeler.processId(), baseVersion: opened.baseVersion, savedAt: new Date().toISOString() });
    feedback().message.success(T.messages.savedLocal);
  };

  const restoreLocal = () => {
    const draft = loadDraft();
    if (!draft) return void feedback().message.warning(T.messages.noLocalDraft);
    confirmDiscard(() => {
      const versions = draft.processId === opened.processId ? opened.versions : [];
      void show(draft.xml, { processId: draft.processId, baseVersion: draft.baseVersion, version: null, versions }, true).then(() =>
        feedback().message.success(T.messages.restoredLocal),
      );
    });
  };

  const save = async () => {
    const result = modeler.check();
    if (!result.ok) {
      setCheckResult(result);
      return void feedback().message.warning(result.message);
    }
    if (!modeler.processName().trim()) return void feedback().message.warning(T.messages.nameRequired);
    setSaving(true);
    try {
      const saved = await api.save({ xml: await modeler.xml(), baseVersion: opened.baseVersion });
      const detail = await api.get(saved.processId);
      setOpened({ processId: saved.processId, baseVersion: saved.version, version: saved.version, versions: detail.versions });
      setDirty(false);
      feedback().message.success(T.messages.saved(saved.version));
      void store.reload();
    } catch {
      // Refusals (a stale version, an invalid diagram) were shown by the http client.
    } finally {
      setSaving(false);
    }
  };

  const toolbar = (
    <>
      <Space size={4} wrap>
        {block.processId ? null : (
          <Button icon={<PlusOutlined />} onClick={() => confirmDiscard(() => void newProcess())}>
            {T.toolbar.newProcess}
          </Button>
        )}
        <Button type="link" disabled={!modeler.canUndo()} onClick={() => modeler.undo()}>
          {T.toolbar.undo}
        </Button>
        <Button type="link" disabled={!modeler.canRedo()} onClick={() => modeler.redo()}>
          {T.toolbar.redo}
        </Button>
        <Button onClick={check}>{T.toolbar.check}</Button>
        {checkResult ? (
          <Tag color={checkResult.ok ? 'success' : 'error'} data-testid="diagram-check">
            {checkResult.message}
          </Tag>
        ) : null}
        <Button onClick={() => void saveLocal()}>{T.toolbar.saveLocal}</Button>
        <Button onClick={restoreLocal}>{T.toolbar.restoreLocal}</Button>
        {canSave ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {T.toolbar.save}
          </Button>
        ) : null}
      </Space>
      <Space size={6} className="dms-workflow-status">
        <span className="dms-workflow-name" data-testid="workflow-name">
          {modeler.processName() || T.toolbar.newDefinition}
        </span>
        {opened.versions.length > 0 ? (
          <Select
            className="dms-workflow-version"
            value={opened.version ?? undefined}
            placeholder={T.toolbar.unsaved}
            options={opened.versions.map((v) => ({ value: v.version, label: `${T.toolbar.version(v.version)} · ${v.createdAt}` }))}
            onChange={(version: number) => confirmDiscard(() => void openFromServer(opened.processId, version))}
          />
        ) : null}
        {dirty ? <Tag color="orange">{T.toolbar.unsaved}</Tag> : null}
      </Space>
    </>
  );

  const panel = <PropertyPanel modeler={modeler} element={selected} roles={roles} variables={variables} loadDictionary={loadDictionary} />;
  return <DesignerFrame height={block.height} containerRef={containerRef} toolbar={toolbar} panel={panel} />;
}

/** The layout, kept stable across renders so the canvas element bpmn-js draws into is never replaced. */
function DesignerFrame({
  height,
  containerRef,
  toolbar,
  panel,
}: {
  height: number | undefined;
  containerRef: RefObject<HTMLDivElement | null>;
  toolbar: ReactNode;
  panel: ReactNode;
}) {
  return (
    <div className="dms-workflow" data-testid="workflow-designer" style={{ height: height ?? DEFAULT_HEIGHT }}>
      <div className="dms-workflow-toolbar">{toolbar}</div>
      <div className="dms-workflow-body">
        <div className="dms-workflow-canvas" ref={containerRef} />
        <aside className="dms-workflow-panel">{panel}</aside>
      </div>
    </div>
  );
}

export default observer(WorkflowDesigner);
