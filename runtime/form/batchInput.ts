// The batch query-item dialog (building-blocks §4): one item per line in the dialog, one comma-separated value in
// the field.

/** Lines -> value: whitespace stripped from each line, empty lines dropped, the rest joined by commas. */
export function joinBatchLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ''))
    .filter((line) => line !== '')
    .join(',');
}

/** Value -> lines: a comma-separated value shown one item per line. */
export function splitBatchValue(value: string | undefined): string {
  return (value ?? '')
    .split(/[,，]/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .join('\n');
}
