// A measure as shown: whole numbers grouped by thousands; decimals (exact text from the server) grouped, digits kept.
export function measureText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
