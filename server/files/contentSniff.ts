// The type of an upload by its first bytes (magic numbers), never by its name: an executable renamed .jpg is refused
// because its bytes say MZ, not FF D8 FF.

export type ContentKind = 'jpeg' | 'png' | 'gif' | 'bmp' | 'psd' | 'pdf' | 'zip' | 'ole' | 'mp4' | 'avi' | 'flv' | 'rm' | 'executable' | 'text' | 'unknown';

/** How many leading bytes the sniffing reads. */
export const SNIFF_BYTES = 64;

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniff(bytes: Uint8Array): ContentKind {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF8'))) return 'gif';
  if (startsWith(bytes, ascii('BM'))) return 'bmp';
  if (startsWith(bytes, ascii('8BPS'))) return 'psd';
  if (startsWith(bytes, ascii('%PDF'))) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('AVI '), 8)) return 'avi';
  if (startsWith(bytes, ascii('FLV'))) return 'flv';
  if (startsWith(bytes, ascii('.RMF'))) return 'rm';
  if (startsWith(bytes, ascii('MZ')) || startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'executable';
  // Text files have no signature: accepted as text when the head holds no control bytes but tab, CR and LF.
  if (bytes.length > 0 && bytes.every((b) => b >= 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)) return 'text';
  return 'unknown';
}

/** What the bytes of each accepted extension must be. An extension missing here is not accepted at all. */
export const EXPECTED_CONTENT: Record<string, readonly ContentKind[]> = {
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  gif: ['gif'],
  bmp: ['bmp'],
  psd: ['psd'],
  pdd: ['psd'],
  pdf: ['pdf'],
  xlsx: ['zip'],
  docx: ['zip'],
  pptx: ['zip'],
  zip: ['zip'],
  xls: ['ole'],
  doc: ['ole'],
  ppt: ['ole'],
  mp4: ['mp4'],
  mov: ['mp4'],
  '3gp': ['mp4'],
  avi: ['avi'],
  flv: ['flv'],
  rm: ['rm'],
  rmvb: ['rm'],
  txt: ['text'],
  csv: ['text'],
};

export const IMAGE_KINDS: readonly ContentKind[] = ['jpeg', 'png', 'gif', 'bmp'];

/** The extension's bytes match what the file really holds. */
export function contentMatches(ext: string, kind: ContentKind): boolean {
  return isAcceptedExtension(ext) && EXPECTED_CONTENT[ext]!.includes(kind);
}

/** An extension the server takes at all (own keys only: "constructor" is no extension). */
export function isAcceptedExtension(ext: string): boolean {
  return Object.hasOwn(EXPECTED_CONTENT, ext);
}

export const CONTENT_TYPES: Partial<Record<ContentKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  text: 'text/plain; charset=utf-8',
};

export function contentTypeOf(kind: ContentKind): string {
  return CONTENT_TYPES[kind] ?? 'application/octet-stream';
}
