import { Empty, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { evaluateExpression } from '../../../schemas/expression/expression';
import { callApi } from '../../http/client';
import { session } from '../../stores/session';
import { AuthImage } from '../../upload/AuthViewers';
import { toEntries } from '../../upload/uploadValues';
import type { UploadEntry } from '../../upload/ImageUploader';
import { downloadFile } from '../../upload/transfer';
import { RECORD_TEXT } from '../recordText';
import type { RecordValues } from '../recordApis';

const IMAGE = /\.(png|jpe?g|gif|webp|bmp)$/i;

interface Source {
  files: string[];
  api?: string;
  screen?: string;
  params?: Record<string, string>;
}

const filesOf = (rows: RecordValues[], names: string[]): UploadEntry[] => rows.flatMap((row) => names.flatMap((name) => toEntries(row[name])));

/** The record's files and images, or those of the records an api answers for it (the vehicle's photos), under the menu of their screen. */
export function AttachmentsTab({ source, record }: { source: Source; record: RecordValues }) {
  const own = useMemo(() => (source.api ? undefined : filesOf([record], source.files)), [source, record]);
  const [fetched, setFetched] = useState<UploadEntry[] | undefined>(undefined);
  useEffect(() => {
    if (!source.api) return undefined;
    let alive = true;
    const params = Object.fromEntries(Object.entries(source.params ?? {}).map(([name, expression]) => [name, evaluateExpression(expression, { record })]));
    const menuId = source.screen ? session.leaves.find((leaf) => leaf.component === `screen:${source.screen}`)?.id : undefined;
    callApi<{ items?: RecordValues[] } | RecordValues[]>(source.api, { params: { ...params, pageSize: 100 }, ...(menuId ? { menuId } : {}), silent: true }).then(
      (answer) => alive && setFetched(filesOf(Array.isArray(answer) ? answer : (answer.items ?? []), source.files)),
      () => alive && setFetched([]),
    );
    return () => {
      alive = false;
    };
  }, [source, record]);
  const files = own ?? fetched;
  if (!files) return <Spin />;
  if (files.length === 0) return <Empty description={RECORD_TEXT.noAttachments} />;
  return (
    <Space wrap className="dms-record-attachments" data-testid="record-attachments">
      {files.map((file, i) =>
        IMAGE.test(file.name) || IMAGE.test(file.url) || !/\./.test(file.name) ? (
          <AuthImage key={i} src={file.url} alt={file.name} className="dms-record-image" style={{ width: 160, height: 120, objectFit: 'cover' }} />
        ) : (
          <a key={i} onClick={() => void downloadFile(file.url, file.name)}>
            {file.name}
          </a>
        ),
      )}
    </Space>
  );
}
