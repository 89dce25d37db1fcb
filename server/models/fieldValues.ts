// A field's value both ways: what a request sends, checked and turned into the column's value (every problem named
// with the field's label, in Chinese), and the column's value turned into what an answer carries. Money and decimals are
// exact text on both sides ("1280.50"), never floats; datetimes travel in Beijing time as YYYY-MM-DD HH:mm:ss.
import type { Field } from '../../schemas/model/model.types';
import { FORMATS, isFormatName, normalizeForFormat } from '../../schemas/formats/formats';
import { decimalText, integerDigits, significantScale, toDecimal } from '../../schemas/expression/decimal';
import { acceptRichText } from '../http/richText';
import { formatDateTime } from '../http/dates';
import { numericOf } from './columns';

/** What a checked value becomes: the column's value, or a problem for the field. */
export type Checked = { ok: true; value: unknown } | { ok: false; problem: string };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const YEAR = /^(19|20)\d{2}$/;

function validDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** A Beijing wall-clock time as the instant it names. */
export function beijingInstant(text: string): Date | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m || !validDay(`${m[1]}-${m[2]}-${m[3]}`) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return undefined;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+08:00`);
}

const bad = (problem: string): Checked => ({ ok: false, problem });
const good = (value: unknown): Checked => ({ ok: true, value });

/** Empty text, null and undefined all mean "no value". */
export const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function checkText(field: Field, value: unknown): Checked {
  if (typeof value !== 'string' && typeof value !== 'number') return bad(`${field.label}应为文本`);
  let text = String(value).trim();
  if (field.upper || (field.format && isFormatName(field.format))) text = field.upper || field.format !== 'idCard' ? text.toUpperCase() : text;
  if (field.format && isFormatName(field.format)) {
    const normalised = normalizeForFormat(text);
    if (!FORMATS[field.format].test(normalised)) return bad(`${field.label}${FORMATS[field.format].message}`);
    text = normalised;
  }
  if (field.format === 'clock' && !CLOCK.test(text)) return bad(`${field.label}应为 时:分（如 09:30）`);
  if (field.format === 'year' && !YEAR.test(text)) return bad(`${field.label}应为四位年份`);
  const max = field.length ?? (field.type === 'string' ? 100 : undefined);
  if (max !== undefined && [...text].length > max) return bad(`${field.label}不能超过${max}个字`);
  if (field.minLength !== undefined && [...text].length < field.minLength) return bad(`${field.label}至少${field.minLength}个字`);
  return good(text);
}

function checkNumber(field: Field, value: unknown): Checked {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) return bad(`${field.label}应为整数`);
  if (field.min !== undefined && n < field.min) return bad(`${field.label}不能小于${field.min}`);
  if (field.max !== undefined && n > field.max) return bad(`${field.label}不能大于${field.max}`);
  if (Math.abs(n) > 2_147_483_647 && (field.max ?? 0) <= 2_147_483_647) return bad(`${field.label}超出范围`);
  return good(n);
}

/** 最多保留两位小数, as the product has always said it (not 2位). */
const SCALE_WORDS = ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九'];

function checkDecimal(field: Field, value: unknown): Checked {
  const decimal = toDecimal(value);
  if (!decimal) return bad(`${field.label}应为数字`);
  const { precision, scale } = numericOf(field);
  if (significantScale(decimal) > scale) return bad(scale === 0 ? `${field.label}应为整数` : `${field.label}最多保留${SCALE_WORDS[scale] ?? scale}位小数`);
  if (integerDigits(decimal) > precision - scale) return bad(`${field.label}超出范围`);
  const text = decimalText(decimal, scale);
  const min = field.min ?? (field.type === 'money' ? 0 : undefined);
  if (min !== undefined && Number(text) < min) return bad(`${field.label}不能小于${min}`);
  if (field.max !== undefined && Number(text) > field.max) return bad(`${field.label}不能大于${field.max}`);
  return good(text);
}

/** A file reference as the upload widgets keep it: this server's download or preview path, or a bare uid. */
export const uidOfFileUrl = (url: string): string | undefined => /^(?:\/api\/file\/(?:download|preview)\/)?([0-9a-f]{32})$/.exec(url)?.[1];

function checkFile(field: Field, value: unknown): Checked {
  const url = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !uidOfFileUrl(url)) return bad(`${field.label}的文件地址不正确`);
  if (typeof value === 'string') return good(value);
  const name = (value as { name?: unknown }).name;
  if (typeof name !== 'string' || name.length === 0 || name.length > 200) return bad(`${field.label}的文件名不正确`);
  return good({ name, url });
}

/** One value of a field (an item of a list field), checked. `value` is not blank. */
function checkOne(field: Field, value: unknown): Checked {
  switch (field.type) {
    case 'string':
    case 'text':
      return checkText(field, value);
    case 'html': {
      if (typeof value !== 'string') return bad(`${field.label}应为文本`);
      if (field.length !== undefined && value.length > field.length) return bad(`${field.label}内容过长`);
      return good(acceptRichText(value, field.label));
    }
    case 'int':
      return checkNumber(field, value);
    case 'decimal':
    case 'money':
      return checkDecimal(field, value);
    case 'date': {
      // A date picker may send the day as a date-time at midnight (YYYY-MM-DD 00:00:00): the day is what is kept.
      const day = typeof value === 'string' ? value.trim().replace(/^(\d{4}-\d{2}-\d{2})[ T]00:00(:00)?$/, '$1') : undefined;
      return day !== undefined && validDay(day) ? good(day) : bad(`${field.label}应为日期（YYYY-MM-DD）`);
    }
    case 'datetime': {
      const instant = typeof value === 'string' ? beijingInstant(value) : undefined;
      return instant ? good(instant) : bad(`${field.label}应为时间（YYYY-MM-DD HH:mm:ss）`);
    }
    case 'month':
      return typeof value === 'string' && MONTH.test(value.trim()) ? good(value.trim()) : bad(`${field.label}应为月份（YYYY-MM）`);
    case 'time':
      return typeof value === 'string' && (field.format === 'clock' ? CLOCK : TIME).test(value.trim()) ? good(value.trim()) : bad(`${field.label}应为时刻（HH:mm${field.format === 'clock' ? '' : ':ss'}）`);
    case 'boolean':
      return typeof value === 'boolean' ? good(value) : bad(`${field.label}应为是或否`);
    case 'dict':
      return typeof value === 'string' || typeof value === 'number' ? good(String(value).trim()) : bad(`${field.label}应为代码`);
    case 'ref': {
      if ((field.ref?.key ?? 'id') === 'id') {
        const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
        return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? good(n) : bad(`${field.label}不正确`);
      }
      return typeof value === 'string' || typeof value === 'number' ? good(String(value).trim()) : bad(`${field.label}不正确`);
    }
    case 'file':
    case 'image':
      return checkFile(field, value);
    case 'json': {
      let text: string;
      try {
        text = JSON.stringify(value);
      } catch {
        return bad(`${field.label}不正确`);
      }
      return text.length > (field.length ?? 100_000) ? bad(`${field.label}内容过长`) : good(value);
    }
  }
}

/** A request's value of a field: null when blank, a checked value or list of values otherwise. */
export function checkFieldValue(field: Field, value: unknown): Checked {
  if (field.multiple) {
    if (isBlank(value)) return good([]);
    if (!Array.isArray(value)) return bad(`${field.label}应为列表`);
    if (value.length > (field.max !== undefined && field.type !== 'int' ? field.max : 200)) return bad(`${field.label}项目过多`);
    const items: unknown[] = [];
    for (const item of value) {
      if (isBlank(item)) continue;
      const checked = checkOne(field, item);
      if (!checked.ok) return checked;
      if (!items.some((known) => JSON.stringify(known) === JSON.stringify(checked.value))) items.push(checked.value);
    }
    return good(items);
  }
  if (isBlank(value)) return good(null);
  return checkOne(field, value);
}

/** The value as the column takes it (lists and objects as JSON text, which both jsonb and text columns accept). */
export function toColumn(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return field.multiple ? '[]' : null;
  if (field.multiple || field.type === 'json' || ((field.type === 'file' || field.type === 'image') && typeof value === 'object')) return JSON.stringify(value);
  return value;
}

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The column's value as an answer carries it. */
export function fromColumn(field: Field, value: unknown): unknown {
  if (field.multiple) return value === null || value === undefined ? [] : parsedJson(value);
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'decimal':
    case 'money': {
      const decimal = toDecimal(value);
      return decimal ? decimalText(decimal, numericOf(field).scale) : value;
    }
    case 'datetime':
      return value instanceof Date ? formatDateTime(value) : value;
    case 'date':
      return value instanceof Date ? formatDateTime(value).slice(0, 10) : value;
    case 'json':
      return parsedJson(value);
    case 'file':
    case 'image':
      return typeof value === 'string' && value.startsWith('{') ? parsedJson(value) : value;
    default:
      return value;
  }
}
