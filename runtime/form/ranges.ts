// Range fields are named "from|to" in screens: the form edits them as one [from, to] pair and the server receives
// two plain values (building-blocks §3 and §4).

type Values = Record<string, unknown>;

export const isBlank = (value: unknown): boolean => value === undefined || value === null || value === '';

/** Before validation: an empty pair becomes an empty list, a half-filled pair uses its one value for both ends. */
export function normalizeRange(value: unknown): unknown[] {
  const [start, end] = Array.isArray(value) ? value : [];
  if (isBlank(start) && isBlank(end)) return [];
  return [isBlank(start) ? end : start, isBlank(end) ? start : end];
}

/** Writes a pair under its two names; an empty pair writes nothing. */
export function writeRange([from, to]: [string, string], value: unknown, out: Values): void {
  const pair = normalizeRange(value);
  if (pair.length === 0) return;
  out[from] = pair[0];
  out[to] = pair[1];
}

/** Form data -> request values for the "from|to" names among fieldNames (the filter bar's first search uses it). */
export function splitRanges(fieldNames: string[], formData: Values): Values {
  const out: Values = { ...formData };
  for (const name of fieldNames.filter((n) => n.includes('|'))) {
    delete out[name];
    const [from = name, to = name] = name.split('|');
    writeRange([from, to], formData[name], out);
  }
  return out;
}
