// The upload rules of back-office §5 and building-blocks §5/§9 as pure functions: the widgets check with them before
// sending (a convenience), and the server checks the same rules again on what it receives (server/files/*).
import { TEXT } from '../text/zh';

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  /** General file upload, unless a field configures its own size. */
  generalMb: 50,
  photoMb: 10,
  videoMb: 50,
  pdfMb: 10,
  /** The shared upload button (filter-style upload). */
  buttonMb: 5,
  /** Images and files per field unless configured. */
  limit: 1,
  /** The image-upload dialog. */
  dialogImages: 20,
} as const;

export const PHOTO_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'psd', 'pdd'] as const;
export const VIDEO_EXTS = ['avi', 'mov', 'rmvb', 'rm', 'flv', 'mp4', '3gp'] as const;
export const DEFAULT_IMAGE_TYPES = ['jpg', 'png', 'bmp'] as const;
export const BUTTON_EXTS = ['jpg', 'png', 'pdf', 'xls', 'xlsx'] as const;

/** The extension in lower case, without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const has = (list: readonly string[], ext: string) => list.includes(ext);

export interface FileCheckOptions {
  /** Size limit in MB (default 50). */
  maxSizeMb?: number | undefined;
  /** Only these extensions (case-insensitive). */
  allowed?: readonly string[] | undefined;
  /** Never these extensions. */
  excluded?: readonly string[] | undefined;
}

/** General file upload (back-office §5): the message of the first rule the file breaks, or undefined. */
export function fileProblem(file: { name: string; size: number }, options: FileCheckOptions = {}): string | undefined {
  const ext = extensionOf(file.name);
  const lower = (list: readonly string[] | undefined) => list?.map((e) => e.toLowerCase());
  const allowed = lower(options.allowed);
  if (allowed && allowed.length > 0 && !has(allowed, ext)) return TEXT.upload.typeNotSupported;
  if (has(lower(options.excluded) ?? [], ext)) return TEXT.upload.typeNotSupported;
  const limit = options.maxSizeMb ?? UPLOAD_LIMITS.generalMb;
  if (file.size > limit * MB) return TEXT.upload.fileTooLarge(limit);
  return categoryProblem(ext, file.size);
}

/** Photos, videos and PDFs have their own ceilings whatever the field's size. */
export function categoryProblem(ext: string, size: number): string | undefined {
  if (has(PHOTO_EXTS, ext) && size > UPLOAD_LIMITS.photoMb * MB) return TEXT.upload.photoTooLarge;
  if (has(VIDEO_EXTS, ext) && size > UPLOAD_LIMITS.videoMb * MB) return TEXT.upload.videoTooLarge;
  if (ext === 'pdf' && size > UPLOAD_LIMITS.pdfMb * MB) return TEXT.upload.pdfTooLarge;
  return undefined;
}

/** The largest size a file of this extension may have under the given general limit. */
export function sizeCeiling(ext: string, generalMb: number = UPLOAD_LIMITS.generalMb): number {
  const category = has(PHOTO_EXTS, ext) ? UPLOAD_LIMITS.photoMb : has(VIDEO_EXTS, ext) ? UPLOAD_LIMITS.videoMb : ext === 'pdf' ? UPLOAD_LIMITS.pdfMb : Infinity;
  return Math.min(generalMb, category) * MB;
}

export interface ButtonOptions {
  exts?: readonly string[] | undefined;
  maxSizeMb?: number | undefined;
}

/** The shared upload button (back-office §5, building-blocks §5): type, then size. */
export function buttonProblem(file: { name: string; size: number }, options: ButtonOptions = {}): string | undefined {
  const exts = options.exts ?? BUTTON_EXTS;
  const maxMb = options.maxSizeMb ?? UPLOAD_LIMITS.buttonMb;
  if (!exts.some((e) => e.toLowerCase() === extensionOf(file.name))) return TEXT.upload.buttonType(exts.join(', '));
  if (file.size > maxMb * MB) return TEXT.upload.buttonSize(maxMb);
  return undefined;
}

export function buttonHint(options: ButtonOptions = {}): string {
  return TEXT.upload.buttonHint((options.exts ?? BUTTON_EXTS).join(', '), options.maxSizeMb ?? UPLOAD_LIMITS.buttonMb);
}

/** The image types a field accepts: jpeg comes with jpg. */
export function acceptedImageExts(types: readonly string[] = DEFAULT_IMAGE_TYPES): string[] {
  const lower = types.map((t) => t.toLowerCase());
  return lower.includes('jpg') && !lower.includes('jpeg') ? [...lower, 'jpeg'] : lower;
}

export function imageTypeProblem(name: string, types: readonly string[] = DEFAULT_IMAGE_TYPES): string | undefined {
  return acceptedImageExts(types).includes(extensionOf(name)) ? undefined : TEXT.upload.imageType(types.join('/'));
}

/** An upload's answer counts as success only with resultCode 200 or returnCode '0'. */
export function uploadSucceeded(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const { resultCode, returnCode } = body as { resultCode?: unknown; returnCode?: unknown };
  return resultCode === 200 || returnCode === '0';
}

/** The file's url from an upload answer: data.uid for one file, data[0].url for several. */
export function uploadedUrl(data: unknown): string | undefined {
  if (Array.isArray(data)) {
    const first: unknown = data[0];
    return first && typeof first === 'object' && typeof (first as { url?: unknown }).url === 'string' ? (first as { url: string }).url : undefined;
  }
  if (data && typeof data === 'object' && typeof (data as { uid?: unknown }).uid === 'string') return (data as { uid: string }).uid;
  return typeof data === 'string' ? data : undefined;
}
