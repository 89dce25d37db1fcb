// The cropper's state (building-blocks §2 item 6, §4, §9): a scale, a rotation in quarter turns that wraps at 3 and -3,
// and a crop box of a fixed ratio (1.5:1 by default) filling the 300 x 300 auto-crop area. Output: jpeg, quality 1,
// never larger than 2000 px on a side.

export const CROPPER_DEFAULTS = {
  ratio: [1.5, 1] as [number, number],
  autoCropWidth: 300,
  autoCropHeight: 300,
  maxImgSize: 2000,
  outputQuality: 1,
  outputType: 'jpeg',
  zoomStep: 0.1,
  minScale: 0.1,
  maxScale: 10,
} as const;

export interface CropperState {
  scale: number;
  /** Quarter turns, -3..3. */
  rotate: number;
  /** Moves of the image under the box, in screen pixels. */
  offsetX: number;
  offsetY: number;
}

export const initialCropper = (): CropperState => ({ scale: 1, rotate: 0, offsetX: 0, offsetY: 0 });

export function zoom(state: CropperState, direction: 1 | -1): CropperState {
  const scale = Math.min(CROPPER_DEFAULTS.maxScale, Math.max(CROPPER_DEFAULTS.minScale, +(state.scale + direction * CROPPER_DEFAULTS.zoomStep).toFixed(2)));
  return { ...state, scale };
}

/** A quarter turn clockwise; from 3 it wraps to 0. */
export const rotateRight = (state: CropperState): CropperState => ({ ...state, rotate: state.rotate >= 3 ? 0 : state.rotate + 1 });
/** A quarter turn counter-clockwise; from -3 it wraps to 0. */
export const rotateLeft = (state: CropperState): CropperState => ({ ...state, rotate: state.rotate <= -3 ? 0 : state.rotate - 1 });

/** The crop box: the largest box of the ratio inside the auto-crop area. */
export function cropBox(ratio: readonly [number, number] = CROPPER_DEFAULTS.ratio, area = { width: CROPPER_DEFAULTS.autoCropWidth, height: CROPPER_DEFAULTS.autoCropHeight }): { width: number; height: number } {
  const wanted = ratio[0] / ratio[1];
  return wanted >= area.width / area.height ? { width: area.width, height: Math.round(area.width / wanted) } : { width: Math.round(area.height * wanted), height: area.height };
}

/** The output size: the box at the image's own resolution, shrunk to fit maxImgSize. */
export function outputSize(box: { width: number; height: number }, screenToImage: number): { width: number; height: number; factor: number } {
  let factor = screenToImage;
  const largest = Math.max(box.width, box.height) * factor;
  if (largest > CROPPER_DEFAULTS.maxImgSize) factor *= CROPPER_DEFAULTS.maxImgSize / largest;
  return { width: Math.max(1, Math.round(box.width * factor)), height: Math.max(1, Math.round(box.height * factor)), factor };
}
