// Numbers in number inputs are shown with their thousands separated by a comma and a space (building-blocks §5):
// 1234567.5 shows as "1, 234, 567.5". The separators are display only: the form holds and submits the number.

const SEPARATOR = ', ';

export function formatThousands(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  const [integer = '', decimals] = String(value).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATOR);
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}

/** Typed or pasted text back to plain digits: the separators (with or without their space) are stripped. */
export function stripThousands(text: string | undefined): string {
  return (text ?? '').replace(/[,，]\s?/g, '').replace(/\s/g, '');
}
