// 页面管理 (#/lowcode/screens): the screens stored on the server, new screens from a template, duplicates, exports.
import { Button, Form, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../runtime/app/feedback';
import { screenEditorPath } from '../runtime/app/pages/builtinPages';
import { actionUrl, downloadFile } from '../runtime/upload/transfer';
import { designer } from './api';
import { duplicateScreen, TEMPLATES, type TemplateName } from './templates';
import { EDITOR_TEXT } from './text';
import './editor.css';
import type { ScreenSummary } from '../schemas/api/screens';

const T = EDITOR_TEXT.list;
const ID_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

interface NewScreen {
  template: TemplateName;
  id: string;
  title: string;
}

export default function ScreenListPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<ScreenSummary[]>([]);
  const [loading, setLoading] = useState(false);
  /** The dialog: a new screen (no source) or a copy of `source`. */
  const [creating, setCreating] = useState<{ source?: string } | null>(null);
  const [form] = Form.useForm<NewScreen>();

  const search = useCallback((word: string) => {
    setLoading(true);
    designer
      .list(word)
      .then(setRows)
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => search(''), [search]);

  const create = async () => {
    const values = await form.validateFields();
    const definition = creating?.source
      ? duplicateScreen(await designer.definition(creating.source), values.id, values.title)
      : TEMPLATES[values.template](values.id, values.title);
    await designer.create(definition, creating?.source ? `复制自 ${creating.source}` : `由模板新建：${T.templates[values.template]}`);
    feedback().message.success(T.created(values.id));
    setCreating(null);
    navigate(screenEditorPath(values.id));
  };

  const exportFile = async (id: string) => {
    const failure = await downloadFile(actionUrl(`lowcode:GET ${designer.exportUrl(id)}`), `${id.split('.').pop()}.json`);
    if (failure) feedback().message.error(failure);
  };

  return (
    <div className="dms-screen-list">
      <div className="dms-screen-list-bar">
        <Space>
          <Input aria-label={T.keyword} placeholder={T.keyword} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => search(keyword)} allowClear />
          <Button onClick={() => search(keyword)}>{T.search}</Button>
        </Space>
        <Button
          type="primary"
          onClick={() => {
            form.setFieldsValue({ template: 'list', id: '', title: '' });
            setCreating({});
          }}
        >
          {T.create}
        </Button>
      </div>
      <Table<ScreenSummary>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: T.columns.id, dataIndex: 'id', width: 220 },
          { title: T.columns.title, dataIndex: 'title', width: 160 },
          { title: T.columns.latest, dataIndex: 'latestVersion', width: 90 },
          {
            title: T.columns.published,
            dataIndex: 'publishedVersion',
            width: 90,
            render: (version: number | null) => (version === null ? <Tag>{T.unpublished}</Tag> : version),
          },
          { title: T.columns.menus, dataIndex: 'menus', render: (menus: string[]) => menus.join('、') },
          { title: T.columns.updatedAt, dataIndex: 'updatedAt', width: 170 },
          {
            title: T.columns.actions,
            width: 170,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(screenEditorPath(row.id))}>
                  {T.edit}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue({ template: 'list', id: `${row.id}Copy`, title: `${row.title}（副本）` });
                    setCreating({ source: row.id });
                  }}
                >
                  {T.duplicate}
                </Button>
                <Button type="link" size="small" onClick={() => exportFile(row.id)}>
                  {T.export}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={creating !== null}
        title={creating?.source ? T.duplicateTitle(creating.source) : T.createTitle}
        okText={EDITOR_TEXT.editor.ok}
        cancelText={EDITOR_TEXT.editor.cancel}
        onOk={create}
        onCancel={() => setCreating(null)}
        forceRender
      >
        <Form form={form} layout="vertical">
          {creating?.source ? null : (
            <Form.Item name="template" label={T.template}>
              <Radio.Group options={(Object.keys(TEMPLATES) as TemplateName[]).map((name) => ({ value: name, label: T.templates[name] }))} />
            </Form.Item>
          )}
          <Form.Item name="id" label={T.idLabel} extra={T.idHelp} rules={[{ required: true, pattern: ID_PATTERN, message: T.idPattern }]}>
            <Input aria-label={T.idLabel} />
          </Form.Item>
          <Form.Item name="title" label={T.titleLabel} rules={[{ required: true }]}>
            <Input aria-label={T.titleLabel} maxLength={50} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
