// The model editor's calls (低代码 › 模型管理), made from its menu: that menu's keys are the right to edit models.
import { callApi, type CallOptions } from '../runtime/http/client';
import { session } from '../runtime/stores/session';
import type { ModelPreview, ModelPublishResult, ModelSummary, ModelVersionEntry } from '../schemas/api/models';
import type { Model } from '../schemas/model/model.types';

export const MODEL_PAGE = 'page:lowcode.models';

/** The model editor's address (the app's /lowcode/:editor/:id route, editor `model`). */
export const modelEditorPath = (name: string) => `/lowcode/model/${name}`;

/** A problem of the checked definition, at its JSON path. */
export interface ModelCheckProblem {
  path: string;
  message: string;
}

export interface ModelCheck {
  problems: ModelCheckProblem[];
  /** The table the model would have (null while there are problems). */
  preview: ModelPreview | null;
}

export function modelMenuId(): string | undefined {
  return session.flatMenus.find((menu) => menu.component === MODEL_PAGE)?.id;
}

const call = <T>(ref: string, options: CallOptions = {}) => callApi<T>(ref, { ...options, menuId: modelMenuId() });

export const modelDesigner = {
  list: (keyword: string) => call<ModelSummary[]>('lowcode:GET designer/models', { params: keyword ? { keyword } : {} }),
  definition: (name: string, version?: number) =>
    call<Model>('lowcode:GET designer/models/{name}', { values: { name }, params: version === undefined ? {} : { version } }),
  versions: (name: string) => call<ModelVersionEntry[]>('lowcode:GET designer/models/{name}/versions', { values: { name } }),
  // In the background as the configurator types: no busy indicator, failures only in the pane.
  check: (definition: unknown) => call<ModelCheck>('lowcode:POST designer/models/check', { data: { definition }, silent: true, busy: false }),
  create: (definition: unknown, comment: string) => call<{ name: string; version: number }>('lowcode:POST designer/models', { data: { definition, comment } }),
  save: (name: string, definition: unknown, comment: string) =>
    call<{ name: string; version: number }>('lowcode:PUT designer/models/{name}', { values: { name }, data: { definition, comment } }),
  // Silent: the editor shows a refused publish beside the definition, with its reason (a notice over the editor's
  // buttons would say it twice and cover them).
  publish: (name: string, version: number) =>
    call<ModelPublishResult>('lowcode:POST designer/models/{name}/publish', { values: { name }, data: { version }, silent: true }),
  rollback: (name: string, version: number) => call<ModelPublishResult>('lowcode:POST designer/models/{name}/rollback', { values: { name }, data: { version } }),
  exportRef: (name: string, version?: number) => `lowcode:GET designer/models/${encodeURIComponent(name)}/export${version === undefined ? '' : `?version=${version}`}`,
};
