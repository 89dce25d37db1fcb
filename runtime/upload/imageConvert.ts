// Image conversion before upload (back-office §5, §7, §9): scaled to 750 px wide, as jpg on a white fill (a transparent
// png turns white rather than black), quality 0.92. Conversion refuses what it cannot draw.
import { TEXT } from '../../schemas/text/zh';

export const UPLOAD_SCALING = { width: 750, type: 'jpg', quality: 0.92, fill: '#ffffff' } as const;

export type ImageType = 'jpg' | 'png';

export interface ConvertOptions {
  width: number;
  /** Keeps the image's proportions when left out. */
  height?: number;
  type: string;
  quality: number;
  fill?: string;
}

export interface Drawable {
  width: number;
  height: number;
  source: CanvasImageSource;
}

/** The reason a conversion cannot run, or undefined. */
export function conversionProblem(image: Drawable | null | undefined, options: ConvertOptions): string | undefined {
  if (!image) return TEXT.upload.conversion.image;
  if (!(options.width > 0)) return TEXT.upload.conversion.width;
  if (options.height !== undefined && !(options.height > 0)) return TEXT.upload.conversion.height;
  if (options.type !== 'jpg' && options.type !== 'png') return TEXT.upload.conversion.type;
  return undefined;
}

export interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): Pick<CanvasRenderingContext2D, 'fillStyle' | 'fillRect' | 'drawImage'> | null;
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number): void;
}

const MIME: Record<ImageType, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** Draws the image at the requested size on a filled canvas and answers the encoded blob. */
export function convertImage(image: Drawable | null | undefined, options: ConvertOptions, createCanvas: () => CanvasLike = () => document.createElement('canvas')): Promise<Blob> {
  const problem = conversionProblem(image, options);
  if (problem || !image) return Promise.reject(new Error(problem));
  const width = Math.round(options.width);
  const height = Math.round(options.height ?? (image.height * options.width) / image.width);
  const canvas = createCanvas();
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error(TEXT.upload.conversion.image));
  context.fillStyle = options.fill ?? UPLOAD_SCALING.fill;
  context.fillRect(0, 0, width, height);
  context.drawImage(image.source, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(TEXT.upload.conversion.image))), MIME[options.type as ImageType], options.quality),
  );
}

export function loadImage(blob: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(blob);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(TEXT.upload.conversion.image));
    };
    image.src = url;
  });
}

/** What is sent for a chosen (or cropped) image: 750 px wide jpg, white fill, quality 0.92. */
export async function scaleForUpload(blob: Blob): Promise<Blob> {
  const image = await loadImage(blob);
  return convertImage({ width: image.naturalWidth, height: image.naturalHeight, source: image }, { width: UPLOAD_SCALING.width, type: UPLOAD_SCALING.type, quality: UPLOAD_SCALING.quality });
}

/** The uploaded file's name: the chosen name with the extension of what is sent. */
export const jpgName = (name: string): string => `${name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
