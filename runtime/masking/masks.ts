// Masking of personal data (back-office §5), the one set of rules for every place a value shows: table cells, read-only
// form fields, 概览 and the standalone pages. A value is masked by its type while the eye toggle is on (the default).
// This is privacy on screen (a reception desk faces customers), not access control: the server decides what a user
// may read.

export type MaskType = 'phone' | 'vin' | 'name' | 'idCard' | 'address' | 'email';

const stars = (n: number) => '*'.repeat(Math.max(n, 0));

/** Keeps `head` and `tail` characters with stars between (by character, so Chinese text counts right). */
function keep(text: string, head: number, tail: number): string {
  const chars = [...text];
  if (chars.length <= head + tail) return text;
  return chars.slice(0, head).join('') + stars(chars.length - head - tail) + chars.slice(chars.length - tail).join('');
}

const MASKS: Record<MaskType, (text: string) => string> = {
  // 11-digit mobile numbers keep the first 3 and last 4 digits; so do +86 numbers of 14 characters.
  phone: (text) => {
    if (/^\d{11}$/.test(text)) return keep(text, 3, 4);
    if (text.length === 14 && text.startsWith('+86')) return `+86${keep(text.slice(3), 3, 4)}`;
    return text;
  },
  // The last six characters are the serial number staff use to find a car; the manufacturer code stays too.
  vin: (text) => keep(text, 3, 6),
  name: (text) => {
    const chars = [...text];
    if (chars.length <= 1) return text;
    return chars.length === 2 ? `${chars[0]}*` : keep(text, 1, 1);
  },
  // Region code and the last four stay; the date of birth is hidden.
  idCard: (text) => ([...text].length >= 15 ? keep(text, 6, 4) : text),
  // Province and city (the first six characters) stay; the street and number are hidden.
  address: (text) => ([...text].length > 6 ? `${[...text].slice(0, 6).join('')}****` : text),
  email: (text) => {
    const at = text.indexOf('@');
    return at > 0 ? `${text[0]}***${text.slice(at)}` : text;
  },
};

export function maskValue(type: MaskType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return MASKS[type](String(value));
}

/** Named formats (schema `format`) that are personal data: a field of one of them is masked without saying so. */
const MASK_OF_FORMAT: Partial<Record<string, MaskType>> = { mobile: 'phone', idCard: 'idCard' };

/** The mask of a field or column: its own `mask`, else the one its format implies. */
export function maskOf(definition: { mask?: MaskType; format?: string }): MaskType | undefined {
  return definition.mask ?? (definition.format ? MASK_OF_FORMAT[definition.format] : undefined);
}
