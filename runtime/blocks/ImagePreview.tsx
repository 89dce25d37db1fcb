import { Space, Typography } from 'antd';
import { useState } from 'react';
import { RotateButtons } from '../app/pages/RotateButtons';
import { TEXT } from '../../schemas/text/zh';
import { DmsDialog } from './dialog/DmsDialog';
import { Result } from './LazyResult';

/** A picture with its name and two buttons turning it a quarter left or right (wrapping at 360). */
export function RotatableImage({ url, name }: { url: string; name: string }) {
  const [angle, setAngle] = useState(0);
  const [failed, setFailed] = useState(false);
  return (
    <div className="dms-preview">
      <Space className="dms-preview-bar">
        <Typography.Text strong>{name}</Typography.Text>
        <RotateButtons onRotate={setAngle} />
      </Space>
      {failed ? (
        <Result status="warning" title={TEXT.preview.loadFailed} />
      ) : (
        <img className="dms-preview-image" src={url} alt={name} data-angle={angle} style={{ transform: `rotate(${angle}deg)` }} onError={() => setFailed(true)} />
      )}
    </div>
  );
}

/** The image preview dialog (back-office §2): the picture in a dialog, turned in 90-degree steps. */
export function ImagePreviewDialog({ open, url, name = TEXT.preview.title, onClose }: { open: boolean; url: string; name?: string; onClose(): void }) {
  return (
    <DmsDialog open={open} title={TEXT.preview.title} onClose={onClose} footer={null} maskClosable>
      {open ? <RotatableImage key={url} url={url} name={name} /> : null}
    </DmsDialog>
  );
}
