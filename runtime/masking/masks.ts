// Masking of personal data in table cells (back-office §5): shown masked while the column's eye toggle is on. This is
// privacy on screen (a reception desk faces customers), not access control: the server decides what a user may read.

export type MaskType = 'phone' | 'vin' | 'name' | 'idCard' | 'address' | 'email';

const stars = (n: number) => '*'.repeat(Math.max(n, 0));

const MASKS: Record<MaskType, (text: string) => string> = {
  // 11-digit mobile numbers keep the first 3 and last 4 digits; so do +86 numbers of 14 characters.
  phone: (text) => {
    if (/^\d{11}$/.test(text)) return `${text.slice(0, 3)}****${text.slice(7)}`;
    if (text.length === 14 && text.startsWith('+86')) return `+86${text.slice(3, 6)}****${text.slice(10)}`;
    return text;
  },
  // The last six characters are the serial number staff use to find a car; the rest is hidden.
  vin: (text) => (text.length > 6 ? `${text.slice(0, 3)}${stars(text.length - 9)}${text.slice(-6)}` : text),
  name: (text) => {
    const chars = [...text];
    if (chars.length <= 1) return text;
    if (chars.length === 2) return `${chars[0]}*`;
    return `${chars[0]}${stars(chars.length - 2)}${chars[chars.length - 1]}`;
  },
  // The date of birth (characters 7-14) and the sequence are hidden.
  idCard: (text) => (text.length >= 15 ? `${text.slice(0, 6)}${stars(text.length - 10)}${text.slice(-4)}` : text),
  address: (text) => {
    const chars = [...text];
    return chars.length > 6 ? `${chars.slice(0, 6).join('')}****` : text;
  },
  email: (text) => {
    const at = text.indexOf('@');
    return at > 0 ? `${text[0]}***${text.slice(at)}` : text;
  },
};

export function maskValue(type: MaskType, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return MASKS[type](String(value));
}
