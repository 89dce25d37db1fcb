// Beside the model editor: the problems of the typed definition (each at its JSON path, also marked in the text), or
// the table the model will have (its columns, and what publishing would add or refuse).
import { Alert, Empty, Spin, Table, Tag, Typography } from 'antd';
import type { ModelColumnPreview } from '../schemas/api/models';
import type { ModelTextCheck } from './modelCheck';
import { EDITOR_TEXT } from './text';

const T = EDITOR_TEXT.modelEditor;

function Problems({ problems }: { problems: { path: string; message: string }[] }) {
  return (
    <ul className="dms-model-problems" data-testid="model-problems">
      {problems.map((problem, index) => (
        <li key={`${problem.path}-${index}`}>
          <Typography.Text code>{problem.path || '/'}</Typography.Text> {problem.message}
        </li>
      ))}
    </ul>
  );
}

export function ModelCheckPane({ check, checking }: { check: ModelTextCheck | null; checking: boolean }) {
  const status = checking ? (
    <Tag icon={<Spin size="small" />}>{T.checking}</Tag>
  ) : check?.kind === 'checked' && check.problems.length === 0 ? (
    <Tag color="green">{T.noProblems}</Tag>
  ) : check?.kind === 'checked' ? (
    <Tag color="red">{T.problems(check.problems.length)}</Tag>
  ) : null;
  const preview = check?.kind === 'checked' ? check.preview : null;
  return (
    <>
      <div className="dms-editor-preview-bar">
        <Typography.Text strong>{T.previewTitle}</Typography.Text> {status}
      </div>
      <div className="dms-editor-preview-body">
        {check?.kind === 'json' ? <Alert type="error" showIcon title={T.invalidJson(check.message)} /> : null}
        {check?.kind === 'failed' ? <Alert type="error" showIcon title={`${T.checkFailed}${check.message}`} /> : null}
        {check?.kind === 'checked' && check.problems.length > 0 ? <Problems problems={check.problems} /> : null}
        {preview ? (
          <>
            {preview.refusals.length > 0 ? (
              <Alert type="error" showIcon title={T.refusals} description={<Problems problems={preview.refusals.map((message) => ({ path: '', message }))} />} />
            ) : null}
            <Typography.Title level={5}>{T.changes}</Typography.Title>
            {preview.changes.length > 0 ? (
              <ul data-testid="model-changes">
                {preview.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            ) : (
              <Typography.Paragraph type="secondary">{T.noChanges}</Typography.Paragraph>
            )}
            <Table<ModelColumnPreview>
              data-testid="model-columns"
              rowKey={(row) => `${row.table}.${row.column}`}
              size="small"
              pagination={false}
              dataSource={preview.columns}
              columns={[
                { title: T.columns.table, dataIndex: 'table', width: 150 },
                { title: T.columns.column, dataIndex: 'column', width: 150 },
                { title: T.columns.type, dataIndex: 'type', width: 130 },
                { title: T.columns.notNull, dataIndex: 'notNull', width: 60, render: (notNull: boolean) => (notNull ? T.yes : '') },
                { title: T.columns.label, dataIndex: 'label' },
              ]}
            />
          </>
        ) : check === null ? (
          <Empty />
        ) : null}
      </div>
    </>
  );
}
