// How upload fields hold their values (back-office §3, building-blocks §3): an image is a URL string, or {name, url}
// in file-name mode; a file is {name, url} (url: the uid the server answered); a list when the limit is above 1.
import type { RJSFSchema } from '@rjsf/utils';
import type { Field } from '../../schemas/screen/screen.types';
import type { UploadEntry } from './ImageUploader';
import { UPLOAD_LIMITS } from '../../schemas/upload/uploadRules';

export type UploadValue = string | UploadEntry;

const nameOfUrl = (url: string): string => decodeURIComponent(url.split(/[/?#]/).filter(Boolean).pop() ?? url);

export function toEntries(value: unknown): UploadEntry[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  return items.flatMap((item: unknown): UploadEntry[] => {
    if (typeof item === 'string') return item ? [{ name: nameOfUrl(item), url: item }] : [];
    if (item && typeof item === 'object' && typeof (item as UploadEntry).url === 'string') return [{ name: String((item as UploadEntry).name ?? ''), url: (item as UploadEntry).url }];
    return [];
  });
}

export const limitOf = (field: Field): number => field.upload?.limit ?? UPLOAD_LIMITS.limit;

/** The field value for the entries: plain URLs unless names are kept; one value, or a list when the limit is above 1. */
export function fromEntries(entries: UploadEntry[], field: Field, keepNames: boolean): UploadValue | UploadValue[] | undefined {
  const values = entries.map((entry) => (keepNames ? { name: entry.name, url: entry.url } : entry.url));
  if (limitOf(field) > 1) return values.length > 0 ? values : undefined;
  return values[0];
}

const ENTRY_SCHEMA: RJSFSchema = { type: 'object', required: ['name', 'url'], properties: { name: { type: 'string' }, url: { type: 'string', minLength: 1 } } };

export function uploadValueSchema(field: Field, keepNames: boolean): RJSFSchema {
  const item: RJSFSchema = keepNames ? ENTRY_SCHEMA : { type: 'string', minLength: 1 };
  const limit = limitOf(field);
  return limit > 1 ? { type: 'array', items: item, maxItems: limit, ...(field.required ? { minItems: 1 } : {}) } : item;
}
