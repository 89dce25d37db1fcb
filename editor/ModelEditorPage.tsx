// The model editor (#/lowcode/model/:name, from 低代码 › 模型管理): Monaco with the model schema on the left, the
// server's check on the right (problems at their JSON paths, the table the model will have and what publishing would
// change). Saving stores a new version; publishing migrates the database and serves the model at once, or is refused
// with the reason and nothing changed.
import { Alert, Button, Input, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../runtime/app/feedback';
import { setPageMenu } from '../runtime/app/routes/pageMenus';
import { ApiFailure } from '../runtime/http/client';
import { actionUrl, downloadFile } from '../runtime/upload/transfer';
import { formatScreen } from '../schemas/screen/formatScreen';
import { modelDesigner, modelEditorPath, modelMenuId } from './modelApi';
import { markProblems, parseDefinition, type ModelTextCheck } from './modelCheck';
import { ModelCheckPane } from './ModelCheckPane';
import { MonacoPane, type MonacoPaneHandle } from './MonacoPane';
import { EDITOR_TEXT } from './text';
import { takeDraft, useUnsavedGuard } from './unsavedGuard';
import { VersionsDrawer, type VersionSource } from './VersionsDrawer';
import './editor.css';

/** The pause after the last keystroke before asking the server to check (a round trip, not a local check). */
export const MODEL_CHECK_DELAY_MS = 400;

const T = EDITOR_TEXT.modelEditor;
const LIST_PATH = '/lowcode/models';

interface Loaded {
  text: string;
  /** 0: a new model, not saved yet. */
  latestVersion: number;
  publishedVersion: number | null;
  /** The text differs from the latest saved version (a draft kept when the editor was left). */
  dirty: boolean;
}

// A model is shown and exported as a screen is: two-space indentation, a final newline.
const formatModel = formatScreen;

async function loadModel(name: string, draft: string | undefined): Promise<Loaded> {
  const summaries = await modelDesigner.list(name);
  const summary = summaries.find((s) => s.name === name);
  if (!summary) {
    if (draft === undefined) throw new Error(T.loadFailed);
    return { text: draft, latestVersion: 0, publishedVersion: null, dirty: true };
  }
  const text = draft ?? formatModel(await modelDesigner.definition(name));
  return { text, latestVersion: summary.latestVersion, publishedVersion: summary.publishedVersion, dirty: draft !== undefined };
}

function modelVersions(name: string): VersionSource {
  return {
    versions: () => modelDesigner.versions(name),
    text: async (version) => formatModel(await modelDesigner.definition(name, version)),
    rollback: (version) => modelDesigner.rollback(name, version),
    rollbackConfirm: T.rollbackConfirm,
    diffTestId: 'model-version-diff',
  };
}

export default function ModelEditorPage({ id: modelName }: { id: string }) {
  const navigate = useNavigate();
  const path = modelEditorPath(modelName);
  const guard = useUnsavedGuard(`model:${modelName}`, `模型 ${modelName}`, path);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [check, setCheck] = useState<ModelTextCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState<{ comment: string } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showVersions, setShowVersions] = useState(false);
  const editor = useRef<MonacoPaneHandle>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Only the answer to the latest check is shown (an earlier one may come back later). */
  const sequence = useRef(0);

  useEffect(() => {
    setPageMenu(path, modelMenuId());
    return () => setPageMenu(path, undefined);
  }, [path]);

  const runCheck = useCallback((text: string) => {
    const asked = ++sequence.current;
    const parsed = parseDefinition(text);
    if ('error' in parsed) {
      editor.current?.showMarkers([]);
      setCheck({ kind: 'json', message: parsed.error });
      return;
    }
    setChecking(true);
    modelDesigner.check(parsed.value).then(
      (answer) => {
        if (asked !== sequence.current) return;
        const marked = markProblems(text, answer.problems);
        editor.current?.showMarkers(marked);
        setCheck({ kind: 'checked', problems: answer.problems, marked, preview: answer.preview });
        setChecking(false);
      },
      (error: unknown) => {
        if (asked !== sequence.current) return;
        setCheck({ kind: 'failed', message: (error as Error).message });
        setChecking(false);
      },
    );
  }, []);

  const reload = useCallback(
    (draft?: string) =>
      loadModel(modelName, draft).then(
        (next) => {
          setLoaded(next);
          setDirty(next.dirty);
          if (next.dirty) guard.changed(next.text);
          else guard.clean();
          runCheck(next.text);
          return next;
        },
        () => {
          setFailed(true);
          return null;
        },
      ),
    [modelName, guard, runCheck],
  );
  useEffect(() => {
    void reload(takeDraft(`model:${modelName}`));
    // Once per model: the draft is taken when the editor opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modelName]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = useCallback(
    (text: string) => {
      setDirty(true);
      guard.changed(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => runCheck(text), MODEL_CHECK_DELAY_MS);
    },
    [guard, runCheck],
  );

  const save = async (comment: string) => {
    clearTimeout(timer.current);
    const text = editor.current?.getText() ?? '';
    const parsed = parseDefinition(text);
    if ('error' in parsed) {
      feedback().message.error(T.cannotSave);
      return;
    }
    const isNew = loaded?.latestVersion === 0;
    const saved = isNew ? await modelDesigner.create(parsed.value, comment) : await modelDesigner.save(modelName, parsed.value, comment);
    feedback().message.success(T.saved(saved.version));
    setSaving(null);
    setDirty(false);
    guard.clean();
    setLoaded((current) => current && { ...current, text, latestVersion: saved.version, dirty: false });
    runCheck(text);
  };

  const publish = async () => {
    if (!loaded) return;
    const started = performance.now();
    try {
      const result = await modelDesigner.publish(modelName, loaded.latestVersion);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      setRefusal(null);
      setPublishing(false);
      feedback().message.success(T.published_(result.version, seconds));
      setLoaded((current) => current && { ...current, publishedVersion: result.version });
      runCheck(editor.current?.getText() ?? loaded.text);
    } catch (error) {
      setPublishing(false);
      // The server's reason ("发布被拒绝，数据库未做任何修改：…"), shown beside the editor until the next publish.
      setRefusal(error instanceof ApiFailure ? error.message : (error as Error).message);
    }
  };

  const exportFile = async () => {
    const failure = await downloadFile(actionUrl(modelDesigner.exportRef(modelName)), `${modelName}.json`);
    if (failure) feedback().message.error(failure);
  };

  const versionSource = useMemo(() => modelVersions(modelName), [modelName]);

  if (failed) return <Result status="warning" title={T.loadFailed} subTitle={modelName} />;
  if (!loaded) return <Spin className="dms-page-loading" />;
  const isNew = loaded.latestVersion === 0;
  const hasProblems = check?.kind === 'json' || (check?.kind === 'checked' && check.problems.length > 0);

  return (
    <div className="dms-editor" data-testid="model-editor">
      <div className="dms-editor-header">
        <Space>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {T.heading(modelName)}
          </Typography.Title>
          {isNew ? <Tag>{T.newModel}</Tag> : <Tag>{T.latest(loaded.latestVersion)}</Tag>}
          <Tag color={loaded.publishedVersion === null ? 'default' : 'green'}>{T.published(loaded.publishedVersion)}</Tag>
          {dirty ? <Tag color="orange">{T.unsaved}</Tag> : null}
        </Space>
        <Space>
          <Button onClick={() => guard.leave(() => navigate(LIST_PATH))}>{T.back}</Button>
          <Button disabled={isNew} onClick={() => setShowVersions(true)}>
            {T.versions}
          </Button>
          <Button disabled={isNew} onClick={exportFile}>
            {T.export}
          </Button>
          <Button disabled={isNew} onClick={() => setPublishing(true)}>
            {T.publish}
          </Button>
          <Button type="primary" disabled={hasProblems} title={hasProblems ? T.cannotSave : undefined} onClick={() => setSaving({ comment: '' })}>
            {T.save}
          </Button>
        </Space>
      </div>
      <div className="dms-editor-body">
        <MonacoPane ref={editor} name={modelName} schema="model" initialText={loaded.text} onChange={onChange} />
        <div className="dms-editor-preview" data-testid="model-check">
          {refusal ? (
            <Alert type="error" showIcon closable title={T.refused} description={refusal} onClose={() => setRefusal(null)} data-testid="model-publish-refusal" />
          ) : null}
          <ModelCheckPane check={check} checking={checking} />
        </div>
      </div>
      <Modal
        title={T.saveTitle}
        open={saving !== null}
        okText={T.ok}
        cancelText={T.cancel}
        onOk={() => save(saving?.comment ?? '')}
        onCancel={() => setSaving(null)}
        destroyOnHidden
      >
        <Typography.Text>{T.comment}</Typography.Text>
        <Input
          aria-label={T.comment}
          maxLength={500}
          placeholder={T.commentPlaceholder}
          value={saving?.comment ?? ''}
          onChange={(event) => setSaving({ comment: event.target.value })}
        />
      </Modal>
      <Modal title={T.publishTitle(loaded.latestVersion)} open={publishing} okText={T.ok} cancelText={T.cancel} onOk={publish} onCancel={() => setPublishing(false)} destroyOnHidden>
        <Typography.Paragraph>{T.publishConfirm}</Typography.Paragraph>
        {dirty ? <Alert type="warning" showIcon title={T.publishUnsaved} /> : null}
      </Modal>
      <VersionsDrawer
        open={showVersions}
        source={versionSource}
        onClose={() => setShowVersions(false)}
        onRolledBack={() => {
          setShowVersions(false);
          void reload().then((next) => {
            if (!next) return;
            editor.current?.setText(next.text);
            setDirty(false);
            guard.clean();
          });
        }}
      />
    </div>
  );
}
