// Whether the user asked the system for less motion (prefers-reduced-motion). antd then opens and closes dialogs,
// drawers and menus at once instead of zooming them: kinder to people who get motion sick, and a click can no longer
// land on a dialog that is still moving into place (the end-to-end browser asks for it for that reason).
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query, or nothing where the environment has none (jsdom, old browsers). */
function mediaQuery(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : undefined;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const reduced = () => mediaQuery()?.matches ?? false;

/** Follows the system setting while the app runs. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
