// Anchor navigation's scroll rules (building-blocks §2 item 8, §4, §9): the anchor bar and the 置顶 / 置底 buttons show
// once the content has scrolled more than 60 px.

export const ANCHOR_THRESHOLD_PX = 60;

export const showsAnchorControls = (scrollTop: number): boolean => scrollTop > ANCHOR_THRESHOLD_PX;

/** The element id of a section: stable per block and section index. */
export const sectionId = (blockKey: string, index: number): string => `dms-anchor-${blockKey}-${index}`;
