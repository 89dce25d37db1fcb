// The image cropper (building-blocks §2 item 6, §4): the image moves, zooms and turns under a fixed-ratio crop box;
// zoom in, zoom out, rotate clockwise, rotate counter-clockwise and upload (choose another picture) controls; an
// image-load success or error event. The crop is drawn on a canvas at the image's own resolution (at most 2000 px).
import { RotateLeftOutlined, RotateRightOutlined, UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { forwardRef, useImperativeHandle, useRef, useState, type PointerEvent } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { HiddenFileInput } from './HiddenFileInput';
import { CROPPER_DEFAULTS, cropBox, initialCropper, outputSize, rotateLeft, rotateRight, zoom, type CropperState } from './cropperModel';

const STAGE = { width: 420, height: 320 };

export interface CropperHandle {
  /** The crop as a jpeg (quality 1). */
  crop(): Promise<Blob>;
  state(): CropperState;
}

export interface CropperProps {
  src: string;
  /** Width to height, 1.5:1 unless given. */
  ratio?: readonly [number, number] | undefined;
  onImgLoad?(status: 'success' | 'error'): void;
  /** The upload control chose another picture. */
  onChoose?(file: File): void;
}

export const Cropper = forwardRef<CropperHandle, CropperProps>(function Cropper({ src, ratio = CROPPER_DEFAULTS.ratio, onImgLoad, onChoose }, ref) {
  const [state, setState] = useState<CropperState>(initialCropper);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const drag = useRef<{ x: number; y: number; offsetX: number; offsetY: number } | null>(null);
  const box = cropBox(ratio);
  // The image is first shown so that it covers the crop box.
  const turned = state.rotate % 2 !== 0;
  const fit = natural ? Math.max(box.width / (turned ? natural.height : natural.width), box.height / (turned ? natural.width : natural.height)) : 1;

  useImperativeHandle(ref, () => ({
    state: () => state,
    crop: () =>
      new Promise<Blob>((resolve, reject) => {
        const img = image.current;
        if (!img || !natural) return reject(new Error(TEXT.upload.conversion.image));
        const out = outputSize(box, 1 / (fit * state.scale));
        const canvas = document.createElement('canvas');
        canvas.width = out.width;
        canvas.height = out.height;
        const context = canvas.getContext('2d');
        if (!context) return reject(new Error(TEXT.upload.conversion.image));
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, out.width, out.height);
        context.translate(out.width / 2, out.height / 2);
        context.scale(out.factor, out.factor);
        context.translate(state.offsetX, state.offsetY);
        context.rotate((state.rotate * Math.PI) / 2);
        context.scale(fit * state.scale, fit * state.scale);
        context.drawImage(img, -natural.width / 2, -natural.height / 2);
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(TEXT.upload.conversion.image))), `image/${CROPPER_DEFAULTS.outputType}`, CROPPER_DEFAULTS.outputQuality);
      }),
  }));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, offsetX: state.offsetX, offsetY: state.offsetY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) setState((s) => ({ ...s, offsetX: start.offsetX + event.clientX - start.x, offsetY: start.offsetY + event.clientY - start.y }));
  };

  const transform = `translate(-50%, -50%) translate(${state.offsetX}px, ${state.offsetY}px) rotate(${state.rotate * 90}deg) scale(${fit * state.scale})`;
  return (
    <div className="dms-cropper" data-scale={state.scale} data-rotate={state.rotate} data-box={`${box.width}x${box.height}`}>
      <div
        className="dms-cropper-stage"
        style={STAGE}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
        <img
          ref={image}
          src={src}
          alt=""
          draggable={false}
          className="dms-cropper-image"
          style={{ transform }}
          onLoad={(event) => {
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
            setState(initialCropper());
            onImgLoad?.('success');
          }}
          onError={() => onImgLoad?.('error')}
        />
        <div className="dms-cropper-box" style={{ width: box.width, height: box.height }} />
      </div>
      <Space className="dms-cropper-controls">
        <Tooltip title={TEXT.upload.zoomIn}>
          <Button aria-label={TEXT.upload.zoomIn} icon={<ZoomInOutlined />} onClick={() => setState((s) => zoom(s, 1))} />
        </Tooltip>
        <Tooltip title={TEXT.upload.zoomOut}>
          <Button aria-label={TEXT.upload.zoomOut} icon={<ZoomOutOutlined />} onClick={() => setState((s) => zoom(s, -1))} />
        </Tooltip>
        <Tooltip title={TEXT.upload.rotateRight}>
          <Button aria-label={TEXT.upload.rotateRight} icon={<RotateRightOutlined />} onClick={() => setState(rotateRight)} />
        </Tooltip>
        <Tooltip title={TEXT.upload.rotateLeft}>
          <Button aria-label={TEXT.upload.rotateLeft} icon={<RotateLeftOutlined />} onClick={() => setState(rotateLeft)} />
        </Tooltip>
        <Button aria-label={TEXT.upload.upload} icon={<UploadOutlined />} onClick={() => chooser.current?.click()}>
          {TEXT.upload.upload}
        </Button>
        <HiddenFileInput ref={chooser} testId="cropper-choose-input" accept="image/*" onFiles={([file]) => onChoose?.(file!)} />
      </Space>
    </div>
  );
});
