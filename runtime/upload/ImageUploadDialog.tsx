import { Modal } from 'antd';
import { useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { ImageUploader, type UploadEntry } from './ImageUploader';
import { UPLOAD_LIMITS } from '../../schemas/upload/uploadRules';

/** The image-upload dialog (building-blocks §2 item 12): 上传图片, up to 20 images, 取 消 and 确 定 hand the list back. */
export function ImageUploadDialog({ open, onCancel, onConfirm, limit = UPLOAD_LIMITS.dialogImages }: { open: boolean; onCancel(): void; onConfirm(entries: UploadEntry[]): void; limit?: number }) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  return (
    <Modal
      open={open}
      title={TEXT.upload.uploadImages}
      okText={TEXT.upload.confirm}
      cancelText={TEXT.upload.cancel}
      onCancel={onCancel}
      onOk={() => onConfirm(entries)}
      afterClose={() => setEntries([])}
      width={720}
    >
      <ImageUploader entries={entries} onChange={setEntries} limit={limit} />
    </Modal>
  );
}
