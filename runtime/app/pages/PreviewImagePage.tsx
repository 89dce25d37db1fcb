import { Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { TEXT } from '../../i18n/zh';
import { previewableUrl } from './previewImage';
import { RotateButtons } from './RotateButtons';

export const PREVIEW_IMAGE_PATH = '/finance/advanceSale/vehicle/previewImg';

/** The advance-sale vehicle image preview (?url=...&name=...): the picture, turned in quarter turns. */
export function PreviewImagePage() {
  const query = new URLSearchParams(useLocation().search);
  const given = query.get('url');
  const url = previewableUrl(given, window.location.origin);
  const name = query.get('name') ?? TEXT.preview.title;
  const [angle, setAngle] = useState(0);
  const [failed, setFailed] = useState(false);
  if (!url) return <Result status="warning" title={TEXT.preview.title} subTitle={given ? TEXT.preview.unsupported : TEXT.preview.missing} />;
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
