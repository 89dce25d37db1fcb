// A screen's or a model's versions: who saved what and when; the difference between two of them (Monaco's diff editor); rolling
// back to one (a new version with its content, published at once when the screen or model is published).
import { Button, Drawer, Modal, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { askConfirm, feedback } from '../runtime/app/feedback';
import { designer, type ScreenVersion } from './api';
import { formatScreen } from '../schemas/screen/formatScreen';
import { VersionDiff } from './VersionDiff';
import { EDITOR_TEXT } from './text';

const T = EDITOR_TEXT.versions;

/** Where the drawer's versions come from: a screen's or a model's. */
export interface VersionSource {
  versions(): Promise<ScreenVersion[]>;
  /** A version's definition as the editor shows it. */
  text(version: number): Promise<string>;
  rollback(version: number): Promise<{ version: number }>;
  rollbackConfirm(version: number): string;
  diffTestId: string;
}

/** A screen's versions (页面管理). */
export function screenVersions(screenId: string): VersionSource {
  return {
    versions: () => designer.versions(screenId),
    text: async (version) => formatScreen(await designer.definition(screenId, version)),
    rollback: (version) => designer.rollback(screenId, version),
    rollbackConfirm: T.rollbackConfirm,
    diffTestId: 'screen-version-diff',
  };
}

export function VersionsDrawer({ open, source, onClose, onRolledBack }: { open: boolean; source: VersionSource; onClose: () => void; onRolledBack: () => void }) {
  const [versions, setVersions] = useState<ScreenVersion[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [diff, setDiff] = useState<[number, number] | null>(null);

  useEffect(() => {
    if (open) void source.versions().then(setVersions);
  }, [open, source]);
  const loadDiff = useCallback(() => Promise.all([source.text(diff![0]), source.text(diff![1])]), [source, diff]);

  const rollback = async (version: number) => {
    if (!(await askConfirm({ content: source.rollbackConfirm(version) }))) return;
    const result = await source.rollback(version);
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
        {diff ? <VersionDiff load={loadDiff} testId={source.diffTestId} /> : null}
      </Modal>
    </Drawer>
  );
}
