// The image preview page's two rules: quarter turns that wrap at 360, and only this system's images.

const QUARTER_TURN = 90;

/** Rotation in 90-degree steps, wrapping at 360. */
export function rotate(angle: number, direction: 1 | -1): number {
  return (((angle + direction * QUARTER_TURN) % 360) + 360) % 360;
}

/** Only this system's images: a preview page must not become a way to show anyone's content under the app's address. */
export function previewableUrl(url: string | null, origin: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && (parsed.protocol === 'http:' || parsed.protocol === 'https:') ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}
