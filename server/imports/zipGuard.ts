// Refuses an xlsx whose entries would unpack to far more than the file itself (a zip bomb) before any parser inflates
// it: the sizes are read from the zip's central directory, which lists each entry's unpacked size.
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

export interface ZipLimits {
  /** The largest total unpacked size accepted. */
  maxUnpackedBytes: number;
  /** The largest unpacked/packed ratio accepted (ordinary xlsx files stay under 20). */
  maxRatio: number;
}

export type ZipVerdict = 'ok' | 'notZip' | 'bomb';

export function checkZip(bytes: Buffer, limits: ZipLimits): ZipVerdict {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'notZip';
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  let unpacked = 0;
  let packed = 0;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL) return 'notZip';
    packed += bytes.readUInt32LE(offset + 20);
    unpacked += bytes.readUInt32LE(offset + 24);
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  if (unpacked > limits.maxUnpackedBytes || unpacked > Math.max(packed, 1) * limits.maxRatio) return 'bomb';
  return 'ok';
}
