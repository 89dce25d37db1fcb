// The server's idea of now. Signed requests carry a timestamp the server accepts only within a few minutes of its own
// clock; a dealership PC whose clock is off would otherwise be locked out. Every answer's Date header tells the offset.

/** Offsets below this are left alone: Date has one-second resolution and the signing window is minutes wide. */
const IGNORED_SKEW_MS = 30_000;

let offsetMs = 0;

export function learnServerTime(dateHeader: string | null | undefined, localNow = Date.now()): void {
  const serverTime = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(serverTime)) return;
  const skew = serverTime - localNow;
  offsetMs = Math.abs(skew) > IGNORED_SKEW_MS ? skew : 0;
}

export function serverNow(): number {
  return Date.now() + offsetMs;
}
