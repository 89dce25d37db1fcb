// The screen editor (#/lowcode/editor/:id): Monaco on the left, the live preview on the right. Every change is checked
// after a short pause (markers and preview together); saving stores a new version on the server, which checks again.
import { Button, Input, Modal, Result, Space, Spin, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../runtime/app/feedback';
import { screenEditorPath } from '../runtime/app/pages/builtinPages';
import { setPageMenu } from '../runtime/app/routes/pageMenus';
import { parseApiRef, permissionKeyOf } from '../schemas/screen/apiRef';
import type { ServerKnowledge } from '../schemas/screen/screenChecks';
import type { Screen } from '../schemas/screen/screen.types';
import { session } from '../runtime/stores/session';
import { designer } from './api';
import { formatScreen } from '../schemas/screen/formatScreen';
import { MonacoPane, type MonacoPaneHandle } from './MonacoPane';
import { PreviewPane, type PreviewState } from './PreviewPane';
import { PublishDialog } from './PublishDialog';
import { checkText, type TextCheck } from './screenCheck';
import { EDITOR_TEXT } from './text';
import { screenVersions, VersionsDrawer } from './VersionsDrawer';
import './editor.css';

/** The pause after the last keystroke before checking: short enough to stay within 200 ms of it with the render. */
export const CHECK_DELAY_MS = 60;

const T = EDITOR_TEXT.editor;
const LIST_PATH = '/lowcode/screens';

interface Loaded {
  text: string;
  latestVersion: number;
  publishedVersion: number | null;
  knowledge: ServerKnowledge;
}

async function loadScreen(id: string): Promise<Loaded> {
  const [definition, summaries, knowledge] = await Promise.all([designer.definition(id), designer.list(id), designer.knowledge()]);
  const summary = summaries.find((s) => s.id === id);
  return { text: formatScreen(definition), latestVersion: summary?.latestVersion ?? 1, publishedVersion: summary?.publishedVersion ?? null, knowledge };
}

/** The menu a screen previews under: the one it is published to, else one granting its table api. */
function defaultPreviewMenu(screenId: string, screen: Screen | null): string | undefined {
  const leaves = session.leaves;
  const bound = leaves.find((menu) => menu.component === `screen:${screenId}`);
  if (bound) return bound.id;
  const api = screen?.table?.api;
  if (!api) return undefined;
  const key = permissionKeyOf(parseApiRef(api));
  return leaves.find((menu) => menu.permission.includes(key))?.id;
}

const ScreenEditorPage = observer(function ScreenEditorPage({ id: screenId }: { id: string }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [preview, setPreview] = useState<PreviewState | null>(null);
  const [dirty, setDirty] = useState(false);
  const [previewMenuId, setPreviewMenuId] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState<{ comment: string } | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const editor = useRef<MonacoPaneHandle>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastCheck = useRef<TextCheck | null>(null);
  const rendered = useRef<{ canonical: string; revision: number }>({ canonical: '', revision: 0 });

  const reload = useCallback(() => {
    loadScreen(screenId).then(setLoaded, () => setFailed(true));
  }, [screenId]);
  useEffect(reload, [reload]);

  const runCheck = useCallback(
    (text: string) => {
      if (!loaded) return;
      const check = checkText(text, loaded.knowledge);
      lastCheck.current = check;
      editor.current?.showMarkers(check.kind === 'problems' ? check.marked : []);
      // A change that leaves the screen as it was (spaces, line breaks) keeps the preview and its data.
      if (check.kind === 'screen' && check.canonical === rendered.current.canonical) return;
      const revision = rendered.current.revision + 1;
      rendered.current = { canonical: check.kind === 'screen' ? check.canonical : '', revision };
      setPreview({ check, revision });
      if (check.kind === 'screen') setPreviewMenuId((current) => current ?? defaultPreviewMenu(screenId, check.screen));
    },
    [loaded, screenId],
  );

  useEffect(() => {
    if (loaded) runCheck(loaded.text);
  }, [loaded, runCheck]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const path = screenEditorPath(screenId);
  useEffect(() => {
    setPageMenu(path, previewMenuId);
    return () => setPageMenu(path, undefined);
  }, [path, previewMenuId]);

  const onChange = useCallback(
    (text: string) => {
      setDirty(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => runCheck(text), CHECK_DELAY_MS);
    },
    [runCheck],
  );

  const save = async (comment: string) => {
    clearTimeout(timer.current);
    const text = editor.current?.getText() ?? '';
    const check = checkText(text, loaded?.knowledge);
    runCheck(text);
    if (check.kind !== 'screen') {
      feedback().message.error(T.cannotSave);
      return;
    }
    const saved = await designer.save(screenId, check.screen, comment);
    feedback().message.success(T.saved(saved.version));
    setSaving(null);
    setDirty(false);
    setLoaded((current) => current && { ...current, text, latestVersion: saved.version });
  };

  const versionSource = useMemo(() => screenVersions(screenId), [screenId]);
  const menus = useMemo(() => session.leaves.filter((menu) => menu.component?.startsWith('screen:')), []);
  const previewMenu = menus.find((menu) => menu.id === previewMenuId) ?? session.leaves.find((menu) => menu.id === previewMenuId);

  if (failed) return <Result status="warning" title={T.loadFailed} subTitle={screenId} />;
  if (!loaded) return <Spin className="dms-page-loading" />;
  const invalid = preview !== null && preview.check.kind !== 'screen';

  return (
    <div className="dms-editor">
      <div className="dms-editor-header">
        <Space>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {T.heading(screenId)}
          </Typography.Title>
          <Tag>{T.latest(loaded.latestVersion)}</Tag>
          <Tag color={loaded.publishedVersion === null ? 'default' : 'green'}>{T.published(loaded.publishedVersion)}</Tag>
          {dirty ? <Tag color="orange">{T.unsaved}</Tag> : null}
        </Space>
        <Space>
          <Button onClick={() => navigate(LIST_PATH)}>{T.back}</Button>
          <Button onClick={() => setShowVersions(true)}>{T.versions}</Button>
          <Button onClick={() => setPublishing(true)}>{T.publish}</Button>
          <Button type="primary" disabled={invalid} title={invalid ? T.cannotSave : undefined} onClick={() => setSaving({ comment: '' })}>
            {T.save}
          </Button>
        </Space>
      </div>
      <div className="dms-editor-body">
        <MonacoPane ref={editor} name={screenId} initialText={loaded.text} onChange={onChange} />
        <PreviewPane screenId={screenId} state={preview} menu={previewMenu} menus={menus} onMenu={setPreviewMenuId} />
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
      {publishing ? (
        <PublishDialog
          screenId={screenId}
          latestVersion={loaded.latestVersion}
          onClose={(published) => {
            setPublishing(false);
            if (published) setLoaded((current) => current && { ...current, publishedVersion: published });
          }}
        />
      ) : null}
      <VersionsDrawer
        open={showVersions}
        source={versionSource}
        onClose={() => setShowVersions(false)}
        onRolledBack={() => {
          setShowVersions(false);
          loadScreen(screenId).then((next) => {
            editor.current?.setText(next.text);
            setDirty(false);
            setLoaded(next);
          });
        }}
      />
    </div>
  );
});

export default ScreenEditorPage;
