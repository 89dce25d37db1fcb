// The browser's side of the rich-text policy (schemas/richText.ts): what is shown or handed to the form is cleaned by
// DOMPurify with the same allowed tags, attributes and schemes the server applies when it saves.
import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_IMAGE_SCHEMES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '../../../schemas/formats/richText';

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const LINK_SCHEMES = new RegExp(`^(?:(?:${RICH_TEXT_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`, 'i');
/** An image source is a relative address or uses one of the image schemes (data only for images). */
function imageSourceAllowed(src: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src.trim())?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  return (RICH_TEXT_IMAGE_SCHEMES as readonly string[]).includes(scheme) && (scheme !== 'data' || /^data:image\//i.test(src.trim()));
}

let hooked = false;
function hookOnce(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    // Attributes are allowed per tag, as on the server: an img never keeps an href, a link never a src.
    const allowed = RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
    if (data.attrName === 'src' && !imageSourceAllowed(data.attrValue)) data.keepAttr = false;
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') node.setAttribute('rel', 'noopener noreferrer');
  });
}

export function sanitizeRichText(html: string): string {
  hookOnce();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: LINK_SCHEMES,
    ADD_DATA_URI_TAGS: ['img'],
  });
}
