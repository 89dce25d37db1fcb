// LIKE patterns from what a user typed: `%` and `_` (and the escape itself) match only themselves.

/** The text with LIKE's wildcards escaped. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches the text anywhere: `%text%`. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
