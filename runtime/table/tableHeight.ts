// The table's height (building-blocks §9): a fixed height is at least 140 px; 'auto' fills the window below the table's
// top, at least 450 px, recomputed 100 ms after the window stops resizing.
import { useEffect, useState, type RefObject } from 'react';

export const MIN_HEIGHT = 140;
export const AUTO_MIN_HEIGHT = 450;
export const AUTO_DEBOUNCE_MS = 100;
/** Room under the grid for the pager and the page's padding. */
const BELOW_GRID = 64;

export function tableHeight(setting: number | 'auto' | undefined, viewportHeight: number, gridTop: number): number {
  if (typeof setting === 'number') return Math.max(MIN_HEIGHT, setting);
  return Math.max(AUTO_MIN_HEIGHT, Math.floor(viewportHeight - gridTop - BELOW_GRID));
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
  return Object.assign(debounced, { cancel: () => clearTimeout(timer) });
}

export function useTableHeight(setting: number | 'auto' | undefined, grid: RefObject<HTMLElement | null>): number {
  const measure = () => tableHeight(setting, window.innerHeight, grid.current?.getBoundingClientRect().top ?? 0);
  const [height, setHeight] = useState(() => tableHeight(setting, window.innerHeight, 0));
  useEffect(() => {
    setHeight(measure());
    if (typeof setting === 'number') return;
    const onResize = debounce(() => setHeight(measure()), AUTO_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
    // measure reads the ref at call time; only the setting changes what to listen for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setting]);
  return height;
}
