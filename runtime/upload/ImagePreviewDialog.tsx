import { Modal, Space } from 'antd';
import { useState } from 'react';
import { RotateButtons } from '../app/pages/RotateButtons';
import { TEXT } from '../../schemas/text/zh';
import { AuthImage } from './AuthViewers';

/** The image preview dialog: the picture turned in 90-degree steps that wrap at 360 (back-office §4). */
export function ImagePreviewDialog({ src, name, onClose }: { src: string | undefined; name: string; onClose(): void }) {
  const [angle, setAngle] = useState(0);
  return (
    <Modal open={src !== undefined} title={TEXT.preview.title} footer={null} onCancel={onClose} width={720} destroyOnHidden>
      <Space className="dms-preview-bar">
        <RotateButtons onRotate={setAngle} />
      </Space>
      <div className="dms-preview-stage" data-angle={angle}>
        <AuthImage src={src} alt={name} className="dms-preview-dialog-image" style={{ transform: `rotate(${angle}deg)` }} />
      </div>
    </Modal>
  );
}
