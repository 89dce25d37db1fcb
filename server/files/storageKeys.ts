// Stored names are generated here and only here: random ids, never a client's file name (no path traversal).
import { randomBytes } from 'node:crypto';

export const newId = (): string => randomBytes(16).toString('hex');
export const fileKey = (uid: string): string => `files/${uid.slice(0, 2)}/${uid}`;
export const chunkPrefix = (uploadId: string): string => `chunks/${uploadId}`;
export const chunkKey = (uploadId: string, index: number): string => `${chunkPrefix(uploadId)}/${index}`;
export const UID_PATTERN = '^[0-9a-f]{32}$';

/** The name shown and offered on download: the client's name without any folder part, control characters or quotes. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}
