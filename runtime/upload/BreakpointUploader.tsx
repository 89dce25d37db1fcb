// The breakpoint uploader as a field (object-storage upload, oss-upload): a large file sent in chunks, resumed after a
// reload from the chunks the server holds.
import { UploadOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { transferFailureMessage } from '../http/transferMessages';
import { TEXT } from '../../schemas/text/zh';
import { session } from '../stores/session';
import { ChunkUploadFailed, uploadInChunks, type ChunkTransport } from './breakpointUploader';
import { fileServiceTransport } from './chunkTransport';
import { HiddenFileInput } from './HiddenFileInput';
import type { UploadEntry } from './ImageUploader';
import { downloadFile } from './transfer';
import { fileProblem } from '../../schemas/upload/uploadRules';

export interface BreakpointUploaderProps {
  id?: string;
  entry: UploadEntry | undefined;
  onChange(entry: UploadEntry | undefined): void;
  chunkSizeMb?: number | undefined;
  bucketType?: string | undefined;
  maxSizeMb?: number | undefined;
  types?: readonly string[] | undefined;
  disabled?: boolean;
  transport?: ChunkTransport;
  /** Each chunk's JSON answer. */
  onChunk?(response: unknown): void;
  onError?(message: string): void;
}

export function BreakpointUploader({ id, entry, onChange, chunkSizeMb, bucketType, maxSizeMb, types, disabled, transport, onChunk, onError }: BreakpointUploaderProps) {
  const { message } = AntApp.useApp();
  const chooser = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; resumed: number } | null>(null);
  const [running, setRunning] = useState(false);

  const start = async (file: File) => {
    const problem = fileProblem(file, { maxSizeMb, allowed: types });
    if (problem) {
      void message.warning(problem);
      return;
    }
    setRunning(true);
    try {
      const info = await uploadInChunks(file, {
        userId: session.loginInfo?.id ?? 0,
        chunkSizeMb,
        bucketType,
        transport: transport ?? fileServiceTransport(),
        onChunk: (response) => onChunk?.(response),
        onProgress: setProgress,
      });
      onChange({ name: file.name, url: info.uid });
    } catch (failure) {
      const text = failure instanceof ChunkUploadFailed ? TEXT.upload.chunkFailed : transferFailureMessage('fileUpload', failure);
      void message.error(text);
      onError?.(text);
    } finally {
      setRunning(false);
    }
  };

  const percent = progress ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <div className="dms-breakpoint-upload" id={id}>
      {!disabled && (
        <Button icon={<UploadOutlined />} loading={running} onClick={() => chooser.current?.click()}>
          {TEXT.upload.choose}
        </Button>
      )}
      <HiddenFileInput ref={chooser} testId="breakpoint-upload-input" onFiles={([file]) => void start(file!)} />
      {progress && (
        <div className="dms-breakpoint-progress" data-done={progress.done} data-total={progress.total} data-resumed={progress.resumed}>
          <Progress percent={percent} size="small" />
          <Typography.Text type="secondary">
            {progress.resumed > 0 ? `${TEXT.upload.chunkResumed(progress.resumed)}，` : ''}
            {progress.done === progress.total && !running ? TEXT.upload.chunkDone : TEXT.upload.chunkProgress(progress.done, progress.total)}
          </Typography.Text>
        </div>
      )}
      {entry && (
        <Typography.Link
          className="dms-breakpoint-file"
          onClick={async () => {
            const problem = await downloadFile(entry.url, entry.name);
            if (problem) void message.error(problem);
          }}
        >
          {entry.name}
        </Typography.Link>
      )}
    </div>
  );
}
