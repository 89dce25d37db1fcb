// How one field's form value maps to the record the server sends and receives. A plain field is one name; a name with
// '|' is split: a range into its two ends, a linked select input into the chosen key and the typed text, a cascade into
// one value per level (a cascade under a single name keeps its whole path as a list).
import { isBlank, normalizeRange, writeRange } from './ranges';

type Values = Record<string, unknown>;

/** 'list': a list whose emptiness is a value (child lines: [] removes every line, no value keeps them). */
export type ValueShape = 'single' | 'range' | 'pair' | 'levels' | 'list' | 'none';

export const splitFieldName = (fieldName: string): string[] => fieldName.split('|');

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Writes a field's form value into the record under its names; empty values are left out. */
export function writeFieldValue(shape: ValueShape, fieldName: string, value: unknown, out: Values): void {
  const names = splitFieldName(fieldName);
  switch (shape) {
    case 'none':
      return;
    case 'single':
      if (!isBlank(value) && !(Array.isArray(value) && value.length === 0)) out[fieldName] = value;
      return;
    case 'list':
      if (Array.isArray(value)) out[fieldName] = value;
      return;
    case 'range':
      writeRange([names[0]!, names[1] ?? names[0]!], value, out);
      return;
    case 'pair': {
      const [key, text] = asList(value);
      // A chosen key without typed text asks nothing.
      if (isBlank(text)) return;
      out[names[0]!] = key;
      out[names[1]!] = text;
      return;
    }
    case 'levels': {
      const path = asList(value);
      if (names.length === 1) {
        if (path.length > 0) out[fieldName] = path;
        return;
      }
      names.forEach((name, i) => {
        if (!isBlank(path[i])) out[name] = path[i];
      });
      return;
    }
  }
}

/** Reads a field's form value back from a record (for edit and show); null counts as empty. */
export function readFieldValue(shape: ValueShape, fieldName: string, record: Values): unknown {
  const names = splitFieldName(fieldName);
  const read = (name: string) => (isBlank(record[name]) ? undefined : record[name]);
  switch (shape) {
    case 'none':
      return undefined;
    case 'single':
      return read(fieldName);
    case 'list':
      return Array.isArray(record[fieldName]) ? record[fieldName] : undefined;
    case 'range':
    case 'pair': {
      const pair = [read(names[0]!) ?? null, read(names[1]!) ?? null];
      return pair.every((v) => v === null) ? undefined : pair;
    }
    case 'levels': {
      if (names.length === 1) return Array.isArray(record[fieldName]) ? record[fieldName] : undefined;
      const path: unknown[] = [];
      for (const name of names) {
        const value = read(name);
        if (value === undefined) break;
        path.push(value);
      }
      return path.length > 0 ? path : undefined;
    }
  }
}

/** The value validation sees: ranges normalised (building-blocks §4), the rest as typed. */
export function normalizeFieldValue(shape: ValueShape, value: unknown): unknown {
  return shape === 'range' ? normalizeRange(value) : value;
}
