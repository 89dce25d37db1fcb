// Range fields are named "from|to" in screens: the form edits them as one [from, to] pair and the server receives
// two plain values.

export const isRangeName = (fieldName: string): boolean => fieldName.includes('|');

export function rangeNames(fieldName: string): [string, string] {
  const [from = fieldName, to = fieldName] = fieldName.split('|');
  return [from, to];
}

type Values = Record<string, unknown>;
const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Form data -> request values: each pair becomes two values. An empty pair is dropped; a half-filled pair uses its
 * one value for both ends. */
export function splitRanges(fieldNames: string[], formData: Values): Values {
  const out: Values = { ...formData };
  for (const name of fieldNames.filter(isRangeName)) {
    const pair = Array.isArray(formData[name]) ? (formData[name] as unknown[]) : [];
    delete out[name];
    const [from, to] = rangeNames(name);
    const [start, end] = [pair[0], pair[1]];
    if (isBlank(start) && isBlank(end)) continue;
    out[from] = isBlank(start) ? end : start;
    out[to] = isBlank(end) ? start : end;
  }
  return out;
}

/** A record -> form data: the two values of each range field become its pair, and empty (null) values are left out,
 * as the form treats an absent value as empty and a null as a wrongly typed one. */
export function recordToFormData(fieldNames: string[], record: Values): Values {
  const out: Values = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
  for (const name of fieldNames.filter(isRangeName)) {
    const [from, to] = rangeNames(name);
    if (!isBlank(record[from]) || !isBlank(record[to])) out[name] = [record[from] ?? null, record[to] ?? null];
  }
  return out;
}
