// 模型管理 (#/lowcode/models): the models stored on the server with their published version, an unpublished draft and
// a conflict with the repository's file; a new model starts from a small definition in the editor, saved on its first 保存.
import { Button, Form, Input, Modal, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../runtime/app/feedback';
import { serviceNames } from '../runtime/config/services';
import { actionUrl, downloadFile } from '../runtime/upload/transfer';
import type { ModelSummary } from '../schemas/api/models';
import { modelDesigner, modelEditorPath } from './modelApi';
import { newModelText } from './modelTemplate';
import { EDITOR_TEXT } from './text';
import { keepDraft } from './unsavedGuard';
import './editor.css';

const T = EDITOR_TEXT.modelList;
const NAME_PATTERN = /^[a-z][a-zA-Z0-9]*$/;

interface NewModel {
  name: string;
  title: string;
  service: string;
}

export default function ModelListPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<ModelSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<NewModel>();

  const search = useCallback((word: string) => {
    setLoading(true);
    modelDesigner
      .list(word)
      .then(setRows)
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => search(''), [search]);

  const openNew = () => {
    form.setFieldsValue({ name: '', title: '', service: 'repair' });
    setCreating(true);
  };

  const create = async () => {
    const values = await form.validateFields();
    keepDraft(`model:${values.name}`, newModelText(values.name, values.title, values.service));
    setCreating(false);
    navigate(modelEditorPath(values.name));
  };

  const exportFile = async (name: string) => {
    const failure = await downloadFile(actionUrl(modelDesigner.exportRef(name)), `${name}.json`);
    if (failure) feedback().message.error(failure);
  };

  return (
    <div className="dms-screen-list" data-testid="model-list">
      <div className="dms-screen-list-bar">
        <Space>
          <Input aria-label={T.keyword} placeholder={T.keyword} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => search(keyword)} allowClear />
          <Button onClick={() => search(keyword)}>{T.search}</Button>
        </Space>
        <Button type="primary" onClick={openNew}>
          {T.create}
        </Button>
      </div>
      <Table<ModelSummary>
        rowKey="name"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: T.columns.name, dataIndex: 'name', width: 180 },
          { title: T.columns.title, dataIndex: 'title', width: 140 },
          { title: T.columns.area, dataIndex: 'area', width: 90 },
          {
            title: T.columns.published,
            dataIndex: 'publishedVersion',
            width: 90,
            render: (version: number | null) => (version === null ? <Tag>{T.unpublished}</Tag> : version),
          },
          {
            title: T.columns.draft,
            width: 130,
            render: (_: unknown, row) => (row.latestVersion !== row.publishedVersion ? <Tag color="orange">{T.draft(row.latestVersion)}</Tag> : T.noDraft),
          },
          {
            title: T.columns.conflict,
            width: 100,
            render: (_: unknown, row) =>
              row.fileConflict ? (
                <Tooltip title={T.conflictHelp}>
                  <Tag color="red">{T.conflict}</Tag>
                </Tooltip>
              ) : (
                T.inSync
              ),
          },
          { title: T.columns.updatedAt, dataIndex: 'updatedAt', width: 170 },
          {
            title: T.columns.actions,
            width: 120,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(modelEditorPath(row.name))}>
                  {T.edit}
                </Button>
                <Button type="link" size="small" onClick={() => exportFile(row.name)}>
                  {T.export}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={creating} title={T.createTitle} okText={EDITOR_TEXT.editor.ok} cancelText={EDITOR_TEXT.editor.cancel} onOk={create} onCancel={() => setCreating(false)} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={T.nameLabel}
            extra={T.nameHelp}
            rules={[
              { required: true, pattern: NAME_PATTERN, message: T.namePattern },
              { validator: async (_rule, value: string) => (rows.some((row) => row.name === value) ? Promise.reject(new Error(T.nameTaken)) : undefined) },
            ]}
          >
            <Input aria-label={T.nameLabel} maxLength={60} />
          </Form.Item>
          <Form.Item name="title" label={T.titleLabel} rules={[{ required: true }]}>
            <Input aria-label={T.titleLabel} maxLength={50} />
          </Form.Item>
          <Form.Item name="service" label={T.serviceLabel} rules={[{ required: true }]}>
            <Select aria-label={T.serviceLabel} showSearch options={serviceNames().map((name) => ({ value: name, label: name }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
