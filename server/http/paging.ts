// Tables send the page under every name the spec lists (current, pageNum, page, currentPage; pageSize, limit, size).
import { ApiError } from './errors';

export interface PagingQuery {
  current?: number;
  pageNum?: number;
  page?: number;
  currentPage?: number;
  pageSize?: number;
  limit?: number;
  size?: number;
  sort?: string;
}

export const MAX_PAGE_SIZE = 100_000;
/** Far beyond any table, and small enough that page x size stays an exact offset the database takes. */
export const MAX_PAGE_NUMBER = 1_000_000;
const DEFAULT_PAGE_SIZE = 20;

const pageNumber = { type: 'integer', minimum: 1, maximum: MAX_PAGE_NUMBER, title: '页码' } as const;
const pageSize = { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, title: '每页条数' } as const;

export const pagingQuerySchema = {
  current: pageNumber,
  pageNum: pageNumber,
  page: pageNumber,
  currentPage: pageNumber,
  pageSize,
  limit: pageSize,
  size: pageSize,
  sort: { type: 'string', title: '排序', pattern: '^[a-zA-Z][a-zA-Z0-9_]*\\|(asc|desc)$' },
} as const;

export function readPaging(query: PagingQuery): { page: number; pageSize: number; sort: string | undefined } {
  return {
    page: query.current ?? query.pageNum ?? query.page ?? query.currentPage ?? 1,
    pageSize: query.pageSize ?? query.limit ?? query.size ?? DEFAULT_PAGE_SIZE,
    sort: query.sort,
  };
}

/**
 * The column a `field|asc` sort names, from the list's own sortable columns, and its direction (`fallback` without a
 * sort). Only the list's own names count: a name every object inherits (`constructor`, `toString`) is not a column.
 */
export function sortOf<C extends string>(
  sort: string | undefined,
  sortable: Readonly<Record<string, C>>,
  fallback: { column: C; order: 'asc' | 'desc' },
): { column: C; order: 'asc' | 'desc'; chosen: boolean } {
  if (!sort) return { ...fallback, chosen: false };
  const [field = '', direction] = sort.split('|');
  if (!Object.hasOwn(sortable, field)) throw new ApiError('invalidInput', `不能按“${field}”排序`);
  return { column: sortable[field]!, order: direction === 'desc' ? 'desc' : 'asc', chosen: true };
}
