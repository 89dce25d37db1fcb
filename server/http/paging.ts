// Tables send the page under every name the spec lists (current, pageNum, page, currentPage; pageSize, limit, size).

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
const DEFAULT_PAGE_SIZE = 20;

const pageNumber = { type: 'integer', minimum: 1, title: '页码' } as const;
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
