// Rich text as the server stores it: cleaned with the shared policy (schemas/richText.ts) before it is saved, and refused
// when its text (tags not counted) is over the limit. Scripts, event handlers, styles and unknown tags never reach the
// database, whatever a client sends.
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT, RICH_TEXT_ATTRIBUTES, RICH_TEXT_IMAGE_SCHEMES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS, richTextLength } from '../../schemas/formats/richText';
import { ApiError } from './errors';

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...RICH_TEXT_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]])),
    allowedSchemes: [...RICH_TEXT_SCHEMES],
    allowedSchemesByTag: { img: [...RICH_TEXT_IMAGE_SCHEMES] },
    allowProtocolRelative: false,
    // Script and style bodies are dropped with their tags, not kept as text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}

/** The cleaned HTML of a rich-text field, or an invalid-input error naming the field when its text is over the limit. */
export function acceptRichText(html: string | null | undefined, label: string): string | null {
  if (html === null || html === undefined || html.trim() === '') return null;
  const clean = sanitizeRichText(html);
  if (richTextLength(clean) > RICH_TEXT.limit) throw new ApiError('invalidInput', `${label}不能超过${RICH_TEXT.limit}字`);
  return clean;
}
