// File upload (back-office §5, §7) and the shared upload button (building-blocks §5): checks before sending (the server
// checks again), one file in the field file (the result is data.uid) or several in the field files (data[0].url),
// success only on resultCode 200 or returnCode '0', failures with the server's errMsg or 文件上传失败！.
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Typography } from 'antd';
import { useRef, useState } from 'react';
import { transferFailureMessage } from '../http/transferMessages';
import { TEXT } from '../../schemas/text/zh';
import { HiddenFileInput } from './HiddenFileInput';
import type { UploadEntry } from './ImageUploader';
import { actionUrl, downloadFile, postFiles } from './transfer';
import { buttonHint, buttonProblem, fileProblem, UPLOAD_LIMITS, uploadedUrl } from '../../schemas/upload/uploadRules';

export const FILE_UPLOAD_ACTIONS = { single: 'file:POST upload', multiple: 'file:POST uploads' } as const;

export interface FileUploaderProps {
  id?: string;
  /** general: the form's file upload (50 MB, photo/video/PDF ceilings); button: the shared upload button (5 MB, jpg/png/pdf/xls/xlsx). */
  flavour: 'general' | 'button';
  entries: UploadEntry[];
  onChange(entries: UploadEntry[]): void;
  types?: readonly string[] | undefined;
  exclude?: readonly string[] | undefined;
  maxSizeMb?: number | undefined;
  limit?: number | undefined;
  tip?: string | undefined;
  action?: string | undefined;
  params?: Record<string, string | number | boolean> | undefined;
  disabled?: boolean;
  onError?(message: string): void;
}

export function FileUploader(props: FileUploaderProps) {
  const { id, flavour, entries, onChange, types, exclude, maxSizeMb, tip, params, disabled, onError } = props;
  const limit = props.limit ?? UPLOAD_LIMITS.limit;
  const { message } = AntApp.useApp();
  const chooser = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const several = limit > 1;

  const fail = (text: string) => {
    void message.error(text);
    onError?.(text);
  };

  const send = async (files: File[]) => {
    if (entries.length + files.length > limit) {
      void message.warning(tip ?? TEXT.upload.tooManyFiles(limit));
      return;
    }
    const added: UploadEntry[] = [];
    setUploading(true);
    try {
      for (const file of files) {
        const problem = flavour === 'button' ? buttonProblem(file, { exts: types, maxSizeMb }) : fileProblem(file, { maxSizeMb, allowed: types, excluded: exclude });
        if (problem) {
          void message.warning(problem);
          continue;
        }
        const field = several ? 'files' : 'file';
        const url = actionUrl(props.action ?? (several ? FILE_UPLOAD_ACTIONS.multiple : FILE_UPLOAD_ACTIONS.single));
        try {
          const body = await postFiles(url, [{ field, file, name: file.name }], params, maxSizeMb ? { maxSizeMb } : undefined);
          const fileUrl = uploadedUrl(body.data);
          if (!fileUrl) throw body;
          added.push({ name: file.name, url: fileUrl });
        } catch (failure) {
          fail(transferFailureMessage('fileUpload', failure));
        }
      }
    } finally {
      setUploading(false);
      if (added.length > 0) onChange([...entries, ...added]);
    }
  };

  return (
    <div className="dms-file-upload" id={id}>
      {!disabled && (
        <Button icon={<UploadOutlined />} loading={uploading} onClick={() => chooser.current?.click()}>
          {TEXT.upload.choose}
        </Button>
      )}
      <HiddenFileInput ref={chooser} testId="file-upload-input" multiple={several} onFiles={(files) => void send(files)} />
      {flavour === 'button' && (
        <Typography.Text type="secondary" className="dms-upload-hint">
          {buttonHint({ exts: types, maxSizeMb })}
        </Typography.Text>
      )}
      <ul className="dms-file-list">
        {entries.map((entry, index) => (
          <li key={`${entry.url}-${index}`}>
            <PaperClipOutlined />
            <Typography.Link
              onClick={async () => {
                const problem = await downloadFile(entry.url, entry.name);
                if (problem) fail(problem);
              }}
            >
              {entry.name}
            </Typography.Link>
            {!disabled && <Button type="text" size="small" aria-label={TEXT.upload.remove} icon={<DeleteOutlined />} onClick={() => onChange(entries.filter((_, i) => i !== index))} />}
          </li>
        ))}
      </ul>
    </div>
  );
}
