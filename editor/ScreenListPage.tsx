// 页面管理 (#/lowcode/screens): the screens stored on the server, new screens from a template, duplicates, exports.
import { Button, Form, Input, Modal, Radio, Select, Space, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { feedback } from '../runtime/app/feedback';
import { screenEditorPath } from '../runtime/app/pages/builtinPages';
import { actionUrl, downloadFile } from '../runtime/upload/transfer';
import { designer } from './api';
import { duplicateScreen, TEMPLATES, type TemplateName } from './templates';
import { defaultScreen } from '../schemas/model/defaultScreen';
import type { ModelSummary } from '../schemas/api/models';
import { EDITOR_TEXT } from './text';
import './editor.css';
import type { ScreenSummary } from '../schemas/api/screens';

const T = EDITOR_TEXT.list;
const ID_PATTERN = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/;

/** A new screen starts from a model (its default screen) or from one of the fixed templates. */
type Start = 'model' | TemplateName;
const STARTS: Start[] = ['model', ...(Object.keys(TEMPLATES) as TemplateName[])];

interface NewScreen {
  template: Start;
  model?: string;
  id: string;
  title: string;
}

/** The default screen of a published model, references to other published models resolved for their pickers. */
async function screenOfModel(summary: ModelSummary, id: string, title: string) {
  const model = await designer.model(summary.name, summary.publishedVersion ?? undefined);
  const targets = [...new Set(model.fields.flatMap((f) => (f.ref?.model ? [f.ref.model] : [])))];
  const others = await Promise.all(targets.map((name) => designer.model(name).catch(() => undefined)));
  return { ...defaultScreen(model, others.filter((m) => m !== undefined)), id, title };
}

export default function ScreenListPage() {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<ScreenSummary[]>([]);
  const [loading, setLoading] = useState(false);
  /** The dialog: a new screen (no source) or a copy of `source`. */
  const [creating, setCreating] = useState<{ source?: string } | null>(null);
  const [form] = Form.useForm<NewScreen>();
  const [models, setModels] = useState<ModelSummary[]>([]);
  const start = Form.useWatch('template', form);

  const search = useCallback((word: string) => {
    setLoading(true);
    designer
      .list(word)
      .then(setRows)
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => search(''), [search]);

  const openNew = () => {
    form.setFieldsValue({ template: 'model', model: undefined, id: '', title: '' });
    setCreating({});
    designer.models().then((list) => setModels(list.filter((m) => m.publishedVersion !== null)));
  };

  const create = async () => {
    const values = await form.validateFields();
    const picked = models.find((m) => m.name === values.model);
    let definition;
    let comment: string;
    if (creating?.source) {
      definition = duplicateScreen(await designer.definition(creating.source), values.id, values.title);
      comment = `复制自 ${creating.source}`;
    } else if (values.template === 'model' && picked) {
      definition = await screenOfModel(picked, values.id, values.title);
      comment = T.fromModel(picked.title, picked.publishedVersion!);
    } else {
      const template = values.template as TemplateName;
      definition = TEMPLATES[template](values.id, values.title);
      comment = `由模板新建：${T.templates[template]}`;
    }
    await designer.create(definition, comment);
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
        <Button type="primary" onClick={openNew}>
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
          {
            title: T.columns.conflict,
            width: 90,
            render: (_: unknown, row) =>
              row.fileConflict ? (
                <Tooltip title={T.conflictHelp}>
                  <Tag color="red">{T.conflict}</Tag>
                </Tooltip>
              ) : null,
          },
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
              <Radio.Group options={STARTS.map((name) => ({ value: name, label: T.templates[name] }))} />
            </Form.Item>
          )}
          {!creating?.source && start === 'model' ? (
            <Form.Item name="model" label={T.model} rules={[{ required: true, message: T.modelRequired }]}>
              <Select
                aria-label={T.model}
                showSearch
                optionFilterProp="label"
                options={models.map((m) => ({ value: m.name, label: `${m.title}（${m.name}）` }))}
                onChange={(name: string) => {
                  const picked = models.find((m) => m.name === name);
                  if (picked && !form.getFieldValue('title')) form.setFieldsValue({ title: picked.title, id: `${picked.area || 'custom'}.${picked.name}s` });
                }}
              />
            </Form.Item>
          ) : null}
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
