// Data masking (back-office §5): what a masked value shows while the eye toggle is on.

export type MaskKind = 'phone' | 'vin' | 'name' | 'idCard' | 'address' | 'email';

const stars = (n: number) => '*'.repeat(Math.max(0, n));

/** Keeps `head` characters and `tail` characters, stars in between (by character, so Chinese text counts right). */
function keep(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) return value;
  return chars.slice(0, head).join('') + stars(chars.length - head - tail) + chars.slice(chars.length - tail).join('');
}

/** An 11-digit number shows its first 3 and last 4 digits; a +86 number of 14 characters keeps +86 and does the same. */
export function maskPhone(value: string): string {
  if (/^\d{11}$/.test(value)) return keep(value, 3, 4);
  if (value.length === 14 && value.startsWith('+86')) return `+86${keep(value.slice(3), 3, 4)}`;
  return value;
}

export function maskValue(kind: MaskKind, value: string): string {
  switch (kind) {
    case 'phone':
      return maskPhone(value);
    case 'vin':
      // The manufacturer (WMI) and the last four of the serial stay readable.
      return keep(value, 3, 4);
    case 'name':
      return value.length <= 1 ? value : keep(value, 1, 0);
    case 'idCard':
      // Region code and the last four stay; the birth date is hidden.
      return keep(value, 6, 4);
    case 'address':
      // Province and city (at most the first six characters, at most half) stay; the street and number are hidden.
      return keep(value, Math.min(6, Math.floor([...value].length / 2)), 0);
    case 'email': {
      const at = value.indexOf('@');
      if (at < 1) return keep(value, 1, 0);
      return `${value[0]}${stars(Math.max(3, at - 1))}${value.slice(at)}`;
    }
  }
}
