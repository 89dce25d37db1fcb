// Image upload (back-office §4-§5, §7): choose, then the optional crop (5:4 by default), then the upload of a 750 px
// wide jpg, then the image joins the list of 148 px thumbnails; the add tile disappears at the limit.
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Modal, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { transferFailureMessage } from '../http/transferMessages';
import { TEXT } from '../../schemas/text/zh';
import { AuthImage } from './AuthViewers';
import { Cropper, type CropperHandle } from './Cropper';
import { HiddenFileInput } from './HiddenFileInput';
import { ImagePreviewDialog } from './ImagePreviewDialog';
import { jpgName, scaleForUpload } from './imageConvert';
import { actionUrl, postFiles } from './transfer';
import { acceptedImageExts, DEFAULT_IMAGE_TYPES, imageTypeProblem, UPLOAD_LIMITS } from '../../schemas/upload/uploadRules';

export const IMAGE_UPLOAD_DEFAULTS = { action: 'file:POST image', cropRatio: [5, 4] as [number, number], thumbnail: 148 } as const;

export interface UploadEntry {
  name: string;
  url: string;
}

export interface ImageUploaderProps {
  id?: string;
  entries: UploadEntry[];
  onChange(entries: UploadEntry[]): void;
  types?: readonly string[] | undefined;
  limit?: number | undefined;
  crop?: boolean | undefined;
  cropRatio?: readonly [number, number] | undefined;
  action?: string | undefined;
  params?: Record<string, string | number | boolean> | undefined;
  disabled?: boolean;
  onError?(message: string): void;
}

export function ImageUploader({ id, entries, onChange, types = DEFAULT_IMAGE_TYPES, limit = UPLOAD_LIMITS.limit, crop, cropRatio, action, params, disabled, onError }: ImageUploaderProps) {
  const { message } = AntApp.useApp();
  const chooser = useRef<HTMLInputElement>(null);
  const cropper = useRef<CropperHandle>(null);
  const [cropping, setCropping] = useState<{ name: string; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<UploadEntry | null>(null);
  const latest = useRef(entries);
  latest.current = entries;

  const upload = async (blob: Blob, name: string) => {
    setUploading(true);
    try {
      const body = await postFiles(actionUrl(action ?? IMAGE_UPLOAD_DEFAULTS.action), [{ field: 'file', file: await scaleForUpload(blob), name: jpgName(name) }], params);
      onChange([...latest.current, { name, url: String(body.data) }]);
    } catch (failure) {
      const text = transferFailureMessage('imageUpload', failure);
      void message.error(text);
      onError?.(text);
    } finally {
      setUploading(false);
    }
  };

  const choose = (file: File) => {
    const problem = imageTypeProblem(file.name, types);
    if (problem) {
      void message.warning(problem);
      return;
    }
    if (crop) setCropping({ name: file.name, url: URL.createObjectURL(file) });
    else void upload(file, file.name);
  };

  const closeCrop = () => {
    if (cropping) URL.revokeObjectURL(cropping.url);
    setCropping(null);
  };

  return (
    <div className="dms-image-upload" id={id}>
      <div className="dms-image-tiles">
        {entries.map((entry, index) => (
          <div key={`${entry.url}-${index}`} className="dms-image-tile" style={{ width: IMAGE_UPLOAD_DEFAULTS.thumbnail, height: IMAGE_UPLOAD_DEFAULTS.thumbnail }}>
            <AuthImage src={entry.url} alt={entry.name} className="dms-image-thumb" />
            <div className="dms-image-actions">
              <Button type="text" size="small" aria-label={TEXT.upload.preview} icon={<EyeOutlined />} onClick={() => setPreviewing(entry)} />
              {!disabled && <Button type="text" size="small" aria-label={TEXT.upload.remove} icon={<DeleteOutlined />} onClick={() => onChange(entries.filter((_, i) => i !== index))} />}
            </div>
          </div>
        ))}
        {!disabled && entries.length < limit && (
          <button type="button" className="dms-image-add" style={{ width: IMAGE_UPLOAD_DEFAULTS.thumbnail, height: IMAGE_UPLOAD_DEFAULTS.thumbnail }} onClick={() => chooser.current?.click()} disabled={uploading}>
            {uploading ? <Spin /> : <PlusOutlined />}
            <span>{TEXT.upload.addImage}</span>
          </button>
        )}
      </div>
      <HiddenFileInput ref={chooser} testId="image-upload-input" accept={acceptedImageExts(types).map((ext) => `.${ext}`).join(',')} onFiles={([file]) => choose(file!)} />
      {!disabled && (
        <Typography.Text type="secondary" className="dms-upload-hint">
          {TEXT.upload.imageHint(types.join('/'))}
        </Typography.Text>
      )}
      <Modal
        open={cropping !== null}
        title={TEXT.upload.crop}
        okText={TEXT.upload.confirm}
        cancelText={TEXT.upload.cancel}
        onCancel={closeCrop}
        width={480}
        destroyOnHidden
        onOk={async () => {
          const chosen = cropping;
          const blob = await cropper.current?.crop();
          closeCrop();
          if (blob && chosen) await upload(blob, chosen.name);
        }}
      >
        {cropping && (
          <Cropper
            ref={cropper}
            src={cropping.url}
            ratio={cropRatio ?? IMAGE_UPLOAD_DEFAULTS.cropRatio}
            onChoose={(file) => {
              closeCrop();
              choose(file);
            }}
          />
        )}
      </Modal>
      <ImagePreviewDialog src={previewing?.url} name={previewing?.name ?? ''} onClose={() => setPreviewing(null)} />
    </div>
  );
}
