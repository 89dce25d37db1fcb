// The Excel import dialog's body (back-office §4 Excel import): choose an xls or xlsx file (nothing is sent yet), post it
// to the caller's action path on 导入, then poll the last-import status every 10 s while importStatus is 0.
import { Button, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../app/feedback';
import { callApi } from '../http/client';
import { TEXT } from '../../schemas/text/zh';
import { actionUrl, downloadFile, postFiles } from '../upload/transfer';
import { extensionOf } from '../../schemas/upload/uploadRules';
import { transferFailureMessage } from '../http/transferMessages';
import { IMPORT_POLL_MS, readImportStatus, type ImportErrorRow, type ImportOutcome } from './importStatus';

export interface ImportPanelProps {
  /** "service:POST path" the file is posted to. */
  api: string;
  /** "service:GET path" of the last-import status. */
  statusApi: string;
  templateApi?: string | undefined;
  /** Closes the dialog; `imported` after a successful import (the table reloads). */
  onClose: (imported: boolean) => void;
}

const ACCEPTED = ['xls', 'xlsx'];

export function ImportPanel({ api, statusApi, templateApi, onClose }: ImportPanelProps) {
  const [file, setFile] = useState<File | null>(null);
  const [running, setRunning] = useState(false);
  const [uploaded, setUploaded] = useState(false);
  const [errors, setErrors] = useState<ImportErrorRow[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (outcome: ImportOutcome) => {
    if (outcome.kind === 'running') {
      timer.current = setTimeout(() => void poll(), IMPORT_POLL_MS);
      return;
    }
    setRunning(false);
    if (outcome.kind === 'failed') {
      feedback().message.error(outcome.message);
      return;
    }
    // The result's success flag marks the dialog as uploaded (BO-IMP-15), errors or not: a server of the url shape may
    // take the good rows and list the bad ones; closing then still reloads the table.
    if (outcome.success) setUploaded(true);
    if (outcome.errors.length > 0) {
      setErrors(outcome.errors);
      feedback().message.error(TEXT.transfer.importFormatError);
      return;
    }
    feedback().message.success(TEXT.import.succeeded);
    onClose(true);
  };

  const poll = async () => {
    try {
      settle(readImportStatus(await callApi(statusApi, { silent: true }), TEXT.common.systemError));
    } catch (failure) {
      setRunning(false);
      feedback().message.error(transferFailureMessage('fileUpload', failure, TEXT.common.systemError));
    }
  };

  const start = async () => {
    if (!file) {
      feedback().message.warning(TEXT.import.noFile);
      return;
    }
    setErrors([]);
    setRunning(true);
    try {
      const answer = await postFiles(actionUrl(api), [{ field: 'file', file, name: file.name }]);
      const outcome = readImportStatus(answer.data ?? answer, TEXT.common.systemError);
      // The post starts the import; its state is then read from the status api every 10 s.
      if (outcome.kind === 'running') timer.current = setTimeout(() => void poll(), IMPORT_POLL_MS);
      else settle(outcome);
    } catch (failure) {
      setRunning(false);
      feedback().message.error(transferFailureMessage('fileUpload', failure));
    }
  };

  const downloadTemplate = async () => {
    const failure = await downloadFile(actionUrl(templateApi!));
    if (failure) feedback().message.error(failure);
  };

  const close = () => {
    if (!running) return onClose(uploaded);
    feedback().modal.confirm({
      title: TEXT.common.tipTitle,
      content: TEXT.import.confirmClose,
      okText: TEXT.common.ok,
      cancelText: TEXT.common.cancel,
      onOk: () => {
        clearTimeout(timer.current);
        onClose(false);
      },
    });
  };

  return (
    <div className="dms-import">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Upload
          accept=".xls,.xlsx"
          maxCount={1}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            if (!ACCEPTED.includes(extensionOf(chosen.name))) {
              feedback().message.warning(TEXT.import.onlyExcel);
              return Upload.LIST_IGNORE;
            }
            setFile(chosen);
            setUploaded(false);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button disabled={running}>{TEXT.import.choose}</Button>
        </Upload>
        <Typography.Text type="secondary">{TEXT.import.hint}</Typography.Text>
        {running && <Typography.Text>{TEXT.import.running}</Typography.Text>}
        {uploaded && <Tag color="success">{TEXT.import.uploaded}</Tag>}
        {errors.length > 0 && (
          <>
            <Typography.Text type="danger">{TEXT.import.errorRows}</Typography.Text>
            <Table<ImportErrorRow>
              size="small"
              rowKey={(row) => `${row.rowNO}-${row.errorMsg}`}
              dataSource={errors}
              pagination={errors.length > 10 ? { pageSize: 10 } : false}
              columns={[
                { title: TEXT.import.rowNO, dataIndex: 'rowNO', width: 80 },
                { title: TEXT.import.errorMsg, dataIndex: 'errorMsg' },
              ]}
            />
          </>
        )}
        <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
          {templateApi && <Button onClick={() => void downloadTemplate()}>{TEXT.import.template}</Button>}
          <Button onClick={close}>{TEXT.import.close}</Button>
          <Button type="primary" loading={running} onClick={() => void start()}>
            {TEXT.import.start}
          </Button>
        </Space>
      </Space>
    </div>
  );
}
