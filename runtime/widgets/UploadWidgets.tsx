// The upload fields of the form engine: image upload, file upload, the shared upload button and the object-storage
// (chunked) upload. Uploads happen inside the widget; the form only ever holds finished values (runtime/upload/*).
import { BreakpointUploader } from '../upload/BreakpointUploader';
import { FileUploader } from '../upload/FileUploader';
import { ImageUploader } from '../upload/ImageUploader';
import { fromEntries, limitOf, toEntries, type UploadValue } from '../upload/uploadValues';
import type { WidgetProps } from './widgetProps';

type Props = WidgetProps<UploadValue | UploadValue[]>;

export function ImageUploadWidget({ id, field, value, onChange, disabled }: Props) {
  const upload = field.upload ?? {};
  return (
    <ImageUploader
      id={id}
      entries={toEntries(value)}
      onChange={(entries) => onChange(fromEntries(entries, field, upload.fileNameMode === true))}
      types={upload.types}
      limit={limitOf(field)}
      crop={upload.crop}
      cropRatio={upload.cropRatio as [number, number] | undefined}
      action={upload.action}
      params={upload.params}
      disabled={disabled}
    />
  );
}

function fileWidget(flavour: 'general' | 'button') {
  return function FileUploadWidget({ id, field, value, onChange, disabled }: Props) {
    const upload = field.upload ?? {};
    return (
      <FileUploader
        id={id}
        flavour={flavour}
        entries={toEntries(value)}
        onChange={(entries) => onChange(fromEntries(entries, field, true))}
        types={upload.types}
        exclude={upload.exclude}
        maxSizeMb={upload.maxSizeMb}
        limit={limitOf(field)}
        tip={upload.tip}
        action={upload.action}
        params={upload.params}
        disabled={disabled}
      />
    );
  };
}

export const FileUploadWidget = fileWidget('general');
export const UploadButtonWidget = fileWidget('button');

export function OssUploadWidget({ id, field, value, onChange, disabled }: Props) {
  const upload = field.upload ?? {};
  return (
    <BreakpointUploader
      id={id}
      entry={toEntries(value)[0]}
      onChange={(entry) => onChange(entry ? { name: entry.name, url: entry.url } : undefined)}
      chunkSizeMb={upload.chunkSizeMb}
      bucketType={upload.bucketType}
      maxSizeMb={upload.maxSizeMb}
      types={upload.types}
      disabled={disabled}
    />
  );
}
