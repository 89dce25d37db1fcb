// The rich-text rules both sides apply (back-office §5, §9): the limit counted without tags, and the one sanitising
// policy: the server cleans what it saves, the browser cleans what it shows, with the same allowed tags and attributes.

export const RICH_TEXT = {
  /** Characters of text, tags not counted. */
  limit: 50000,
  height: 450,
  /** Images show at 5:4. */
  imageRatio: { width: 5, height: 4 },
  language: 'zh',
} as const;

export const RICH_TEXT_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'code', 'pre', 'blockquote',
  'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'hr', 'a', 'img', 'span',
] as const;

/** Attributes allowed per tag (nothing else, never an event handler or a style). */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title'],
};

/** URL schemes links and images may use; images may also be embedded (a pasted picture arrives as a data URL). */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;
export const RICH_TEXT_IMAGE_SCHEMES = ['http', 'https', 'data'] as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of rich-text HTML as a reader sees it: tags removed, entities as the one character they stand for. */
export function richTextLength(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  return [...text].length;
}
