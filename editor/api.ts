// The screen editor's calls. They are made from the 页面管理 menu (its keys are the right to edit screens), whatever
// menu the preview beside them works in.
import { callApi, type CallOptions } from '../runtime/http/client';
import type { ServerKnowledge } from '../schemas/screen/screenChecks';
import type { ReportKnowledge } from '../schemas/report/reportKnowledge';
import type { Screen } from '../schemas/screen/screen.types';
import { session } from '../runtime/stores/session';
import type { ScreenSummary, ScreenVersionEntry as ScreenVersion } from '../schemas/api/screens';
import type { ModelSummary } from '../schemas/api/models';
import type { Model } from '../schemas/model/model.types';

export type { ScreenSummary, ScreenVersion };

export const EDITOR_PAGE = 'page:lowcode.screens';

export interface PublishableMenu {
  id: string;
  title: string;
  component: string | null;
}

/** The 页面管理 menu of this user (the one whose component is the editor's list). */
export function editorMenuId(): string | undefined {
  return session.flatMenus.find((menu) => menu.component === EDITOR_PAGE)?.id;
}

const call = <T>(ref: string, options: CallOptions = {}) => callApi<T>(ref, { ...options, menuId: editorMenuId() });

export const designer = {
  list: (keyword: string) => call<ScreenSummary[]>('lowcode:GET designer/screens', { params: keyword ? { keyword } : {} }),
  definition: (id: string, version?: number) =>
    call<Screen>('lowcode:GET designer/screens/{id}', { values: { id }, params: version === undefined ? {} : { version } }),
  versions: (id: string) => call<ScreenVersion[]>('lowcode:GET designer/screens/{id}/versions', { values: { id } }),
  create: (definition: unknown, comment: string) => call<{ id: string; version: number }>('lowcode:POST designer/screens', { data: { definition, comment } }),
  save: (id: string, definition: unknown, comment: string) =>
    call<{ id: string; version: number }>('lowcode:PUT designer/screens/{id}', { values: { id }, data: { definition, comment } }),
  publish: (id: string, version: number, menuId: string) =>
    call<{ menuTitle: string }>('lowcode:POST designer/screens/{id}/publish', { values: { id }, data: { version, menuId } }),
  rollback: (id: string, version: number) => call<{ version: number }>('lowcode:POST designer/screens/{id}/rollback', { values: { id }, data: { version } }),
  menus: () => call<PublishableMenu[]>('lowcode:GET designer/menus'),
  knowledge: async (): Promise<ServerKnowledge> => {
    const lists = await call<{ routeKeys: string[]; dictTypes: string[]; reports?: ReportKnowledge[] }>('lowcode:GET designer/knowledge');
    return { routeKeys: new Set(lists.routeKeys), dictTypes: new Set(lists.dictTypes), ...(lists.reports ? { reports: lists.reports } : {}) };
  },
  /** The models stored on the server (a new screen starts from one). */
  models: () => call<ModelSummary[]>('lowcode:GET designer/models'),
  model: (name: string, version?: number) => call<Model>('lowcode:GET designer/models/{name}', { values: { name }, params: version === undefined ? {} : { version } }),
  exportUrl: (id: string, version?: number) => `designer/screens/${encodeURIComponent(id)}/export${version === undefined ? '' : `?version=${version}`}`,
};
