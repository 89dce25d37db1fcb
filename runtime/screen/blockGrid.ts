// Blocks side by side: a block's `span` is its share of 24 columns on a wide screen. A block list with any span wraps
// its blocks in rows of 24 columns (styles.css: .dms-block-grid) where the blocks of a row grow to fill it, so a block
// whose neighbour's condition hides it takes the whole row; a block without a span takes a row of its own, and every
// block does on a narrow screen. A list without spans keeps its plain flow.
import type { CSSProperties } from 'react';
import type { Block } from '../../schemas/screen/screen.types';

export function usesSpans(blocks: readonly Block[]): boolean {
  return blocks.some((block) => block.span !== undefined);
}

export function spanStyle(block: Block): CSSProperties | undefined {
  // The gap between two blocks of a row (16 px) comes off each one's share, so spans adding up to 24 fit in one row.
  return block.span === undefined ? undefined : { flex: `1 1 calc(${(block.span / 24) * 100}% - 16px)` };
}
