// What a screen's export call asks for: its list filter without the paging names, and the file name it may give.
import { pagingQuerySchema } from '../http/paging';

const PAGING = new Set(Object.keys(pagingQuerySchema));

export const fileNameQuery = { fileName: { type: 'string', title: '文件名', maxLength: 100 } } as const;

export function exportRequest(query: object): { fileName: string | undefined; params: Record<string, unknown> } {
  const { fileName, ...filter } = query as Record<string, unknown>;
  return { fileName: typeof fileName === 'string' ? fileName : undefined, params: Object.fromEntries(Object.entries(filter).filter(([name]) => !PAGING.has(name))) };
}
