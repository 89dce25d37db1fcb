// A screen's versions: who saved what and when; the difference between two of them (Monaco's diff editor); rolling
// back to one (a new version with its content, published at once when the screen is published).
import { Button, Drawer, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { askConfirm, feedback } from '../runtime/app/feedback';
import { designer, type ScreenVersion } from './api';
import { formatScreen } from '../schemas/screen/formatScreen';
import { monaco } from './monacoSetup';
import { EDITOR_TEXT } from './text';

const T = EDITOR_TEXT.versions;

function VersionDiff({ screenId, pair }: { screenId: string; pair: [number, number] }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let cleanup = () => undefined as void;
    void Promise.all(pair.map((version) => designer.definition(screenId, version))).then(([older, newer]) => {
      if (disposed || !host.current) return;
      const original = monaco.editor.createModel(formatScreen(older), 'json');
      const modified = monaco.editor.createModel(formatScreen(newer), 'json');
      // No gutter menu: its revert arrows mean nothing in a read-only diff, and its debounced toolbar update fires after
      // the drawer disposes the editor ("AbstractContextKeyService has been disposed", monaco-editor#4581).
      const diff = monaco.editor.createDiffEditor(host.current, { readOnly: true, automaticLayout: true, renderSideBySide: true, renderGutterMenu: false, minimap: { enabled: false } });
      diff.setModel({ original, modified });
      cleanup = () => {
        diff.dispose();
        original.dispose();
        modified.dispose();
      };
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [screenId, pair]);
  return <div ref={host} className="dms-editor-diff" data-testid="screen-version-diff" />;
}

export function VersionsDrawer({ open, screenId, onClose, onRolledBack }: { open: boolean; screenId: string; onClose: () => void; onRolledBack: () => void }) {
  const [versions, setVersions] = useState<ScreenVersion[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [diff, setDiff] = useState<[number, number] | null>(null);

  useEffect(() => {
    if (open) void designer.versions(screenId).then(setVersions);
  }, [open, screenId]);

  const rollback = async (version: number) => {
    if (!(await askConfirm({ content: T.rollbackConfirm(version) }))) return;
    const result = await designer.rollback(screenId, version);
    feedback().message.success(T.rolledBack(result.version));
    onRolledBack();
  };

  return (
    <Drawer open={open} size={760} title={T.title} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 8 }}>
        <Button disabled={selected.length !== 2} onClick={() => setDiff([Math.min(...selected), Math.max(...selected)] as [number, number])}>
          {T.compare}
        </Button>
        <Typography.Text type="secondary">{T.pickTwo}</Typography.Text>
      </Space>
      <Table<ScreenVersion>
        rowKey="version"
        size="small"
        pagination={false}
        dataSource={versions}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected((keys as number[]).slice(-2)) }}
        columns={[
          { title: T.version, dataIndex: 'version', width: 60 },
          { title: T.author, dataIndex: 'authorName', width: 90 },
          { title: T.time, dataIndex: 'createdAt', width: 160 },
          { title: T.source, dataIndex: 'source', width: 90, render: (source: string) => T.sources[source] ?? source },
          { title: T.comment, dataIndex: 'comment' },
          {
            title: '',
            width: 110,
            render: (_: unknown, row) => (
              <Button type="link" size="small" onClick={() => rollback(row.version)}>
                {T.rollback}
              </Button>
            ),
          },
        ]}
      />
      <Modal open={diff !== null} width="90%" footer={null} title={diff ? T.diffTitle(diff[0], diff[1]) : ''} onCancel={() => setDiff(null)} destroyOnHidden>
        {diff ? <VersionDiff screenId={screenId} pair={diff} /> : null}
      </Modal>
    </Drawer>
  );
}
