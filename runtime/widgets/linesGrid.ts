// The grid both line tables are drawn in (the child-lines field and its read-only view): rows of a CSS grid rather than
// table rows, so that lines off screen skip style, layout and paint (content-visibility, which table rows do not
// take), and lines past the first screenful rendered in the frames after the first paint.
import { createElement, startTransition, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import type { LineColumn } from '../../schemas/screen/screen.types';

/** The grid's columns: the line number, each column (its width, or a share of the rest), the line buttons. */
export function gridColumns(columns: LineColumn[], disabled: boolean): CSSProperties {
  const tracks = ['48px', ...columns.map((column) => (column.width ? `${column.width}px` : 'minmax(0, 1fr)')), ...(disabled ? [] : ['110px'])];
  return { '--dms-lines-columns': tracks.join(' ') } as CSSProperties;
}

/**
 * Lines rendered now: those the window can show below the table's top at once (at most FIRST_LINES, at least
 * MIN_FIRST_LINES: a table below the fold costs the first frame next to nothing), then MORE_LINES more in each following
 * frame until all are shown.
 */
const FIRST_LINES = 30;
const MIN_FIRST_LINES = 3;
const MORE_LINES = 60;
/** A line's height in pixels (a 24px input, its padding and border): how many lines fit the window. */
const LINE_HEIGHT = 29;
/** Lines per block: the unit that skips its rendering while off screen. */
const BLOCK_LINES = 20;

/**
 * The lines `0..count-1` in blocks of BLOCK_LINES, each block skipping style, layout and paint while off screen
 * (content-visibility: auto). Blocks rather than single lines: Chromium checks every such element against the window
 * in every frame, and 600 of them cost each keystroke's frame about as much as its own script. The rows keep their
 * own grid columns, so a block is invisible to the layout.
 */
export function lineBlocks(count: number, row: (index: number) => ReactNode): ReactNode[] {
  const blocks: ReactNode[] = [];
  for (let start = 0; start < count; start += BLOCK_LINES) {
    const end = Math.min(count, start + BLOCK_LINES);
    const rows: ReactNode[] = [];
    for (let index = start; index < end; index++) rows.push(row(index));
    const style = { containIntrinsicSize: `auto ${(end - start) * LINE_HEIGHT}px` };
    blocks.push(createElement('div', { key: start, className: 'dms-lines-block', role: 'rowgroup', style }, rows));
  }
  return blocks;
}

export function useProgressiveCount(total: number, box: RefObject<HTMLElement | null>): number {
  // The first render holds no line; the layout effect below measures where the table is and renders the lines that
  // fit, still before the browser paints.
  const [count, setCount] = useState(() => (total > 0 ? 0 : total));
  const measured = useRef(total === 0);
  useLayoutEffect(() => {
    if (measured.current) return;
    measured.current = true;
    const top = Math.max(0, box.current?.getBoundingClientRect().top ?? 0);
    const fitting = Math.ceil((window.innerHeight - top) / LINE_HEIGHT);
    setCount(Math.min(total, FIRST_LINES, Math.max(MIN_FIRST_LINES, fitting)));
    // Measured once, at mount: later lines come in frames.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Once every line has been shown, lines the user adds show at once.
  const caughtUp = useRef(measured.current && count >= total);
  if (measured.current && count >= total) caughtUp.current = true;
  useEffect(() => {
    if (caughtUp.current || count >= total || !measured.current) return;
    // A transition: React renders the next lines in slices between which the browser paints and handles keys, so the
    // first frame is not held up by the lines after it, nor a keystroke by lines still coming.
    const frame = requestAnimationFrame(() => startTransition(() => setCount((n) => Math.min(total, n + MORE_LINES))));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return caughtUp.current ? total : count;
}
