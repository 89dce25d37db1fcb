import { useLocation } from 'react-router-dom';
import { RotatableImage } from '../../blocks/ImagePreview';
import { TEXT } from '../../../schemas/text/zh';
import { previewableUrl } from './previewImage';
import { Result } from '../../blocks/LazyResult';

export const PREVIEW_IMAGE_PATH = '/finance/advanceSale/vehicle/previewImg';

/** The advance-sale vehicle image preview (?url=...&name=...): the picture, turned in quarter turns. */
export function PreviewImagePage() {
  const query = new URLSearchParams(useLocation().search);
  const given = query.get('url');
  const url = previewableUrl(given, window.location.origin);
  const name = query.get('name') ?? TEXT.preview.title;
  if (!url) return <Result status="warning" title={TEXT.preview.title} subTitle={given ? TEXT.preview.unsupported : TEXT.preview.missing} />;
  return <RotatableImage url={url} name={name} />;
}
