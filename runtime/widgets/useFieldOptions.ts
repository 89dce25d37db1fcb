// Where a choice field's options come from: a static list (options, the spec's itemList), a dictionary (codeId,
// codeCnDesc) or a remote request (api, params, datakey, valueKey, textKey). A request path may name other fields
// ({configId}); the options then follow that field's value.
import { useEffect, useMemo, useState } from 'react';
import { useRecordValues } from '../form/FormContext';
import { callApi, http } from '../http/client';
import type { Field, Option as ScreenOption, Request } from '../../schemas/screen/screen.types';
import { session } from '../stores/session';

/** An option as widgets use it: the screen's option shape, with children for trees. */
export type FieldOption = ScreenOption;

const answers = new Map<string, Promise<unknown>>();
// A write may add or rename what an option list offers (菜单管理: a group added, then a leaf under it, with no page
// reload): after one, lists are asked for again the next time a form shows them. (The client's own interceptor refuses a
// failed write before this one runs.)
http.interceptors.response.use((response) => {
  if (response.config.method !== 'get') answers.clear();
  return response;
});

/**
 * One answer per key for the whole page until the next write (the filter bar and the dialog share it). A failed load
 * answers the fallback (the form swallows the failure; the http client has told the user) and is tried again next time.
 */
export function cachedLoad<T>(key: string, load: () => Promise<T>, fallback: T): Promise<T> {
  let pending = answers.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    pending.catch(() => answers.delete(key));
    answers.set(key, pending);
  }
  return pending.catch(() => fallback);
}

export function readPath(data: unknown, path: string | undefined): unknown {
  if (!path) return data;
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
}

/** A list from a server -> options by valueKey, textKey and childrenKey (recursively, for trees). */
export function mapOptions(list: unknown, request: Pick<Request, 'valueKey' | 'textKey' | 'childrenKey'>): FieldOption[] {
  if (!Array.isArray(list)) return [];
  const valueKey = request.valueKey ?? 'value';
  const textKey = request.textKey ?? 'text';
  const childrenKey = request.childrenKey ?? 'children';
  return list.map((item: Record<string, unknown>) => {
    const children = mapOptions(item[childrenKey], request);
    return {
      value: item[valueKey] as FieldOption['value'],
      text: String(item[textKey] ?? ''),
      ...(item.disabled === true ? { disabled: true } : {}),
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

/** The record names a request path reads ({name} placeholders): a field, or one level of a cascade. */
function requestDependencies(request: Request | undefined): string[] {
  return request ? [...request.api.matchAll(/\{([a-zA-Z][a-zA-Z0-9_]*)\}/g)].map((m) => m[1]!) : [];
}

/** Loads a remote option list once per api, path values, params and search text. */
export function loadRemoteOptions(request: Request, pathValues: Record<string, unknown> = {}, search = ''): Promise<FieldOption[]> {
  const params = { ...request.params, ...(request.searchParam && search !== '' ? { [request.searchParam]: search } : {}) };
  const key = `${request.api} ${JSON.stringify(pathValues)} ${JSON.stringify(params)} ${request.datakey ?? ''} ${request.valueKey ?? ''} ${request.textKey ?? ''} ${request.childrenKey ?? ''}`;
  return cachedLoad(key, () => callApi<unknown>(request.api, { values: pathValues, params }).then((data) => mapOptions(readPath(data, request.datakey), request)), []);
}

/** Options of a choice field; call from an observer component (dictionaries arrive after the first render). */
export function useFieldOptions(field: Field, search = ''): { options: FieldOption[]; loading: boolean } {
  const request = field.request;
  const dependencies = useMemo(() => requestDependencies(request), [request]);
  const pathValues = useRecordValues(dependencies);
  const ready = dependencies.every((name) => pathValues[name] !== undefined && pathValues[name] !== null && pathValues[name] !== '');
  const requestKey = request && ready ? `${JSON.stringify(request)} ${JSON.stringify(pathValues)} ${search}` : '';
  const [remote, setRemote] = useState<{ key: string; options: FieldOption[] } | undefined>(undefined);

  useEffect(() => {
    if (!request || !ready) return;
    let alive = true;
    void loadRemoteOptions(request, pathValues, search).then((options) => alive && setRemote({ key: requestKey, options }));
    return () => {
      alive = false;
    };
    // requestKey stands for the request's content, which is what should trigger a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  if (field.options) return { options: field.options, loading: false };
  if (field.dict) return { options: session.dictionary(field.dict), loading: false };
  if (request && ready) {
    const current = remote?.key === requestKey ? remote.options : undefined;
    return { options: current ?? remote?.options ?? [], loading: current === undefined };
  }
  return { options: [], loading: false };
}

/** The option path of values through a tree (cascades): each level's options are the children of the one chosen above. */
export function optionsAtLevel(tree: FieldOption[], path: unknown[], level: number): FieldOption[] {
  let options = tree;
  for (let i = 0; i < level; i++) {
    const chosen = options.find((o) => o.value === path[i]);
    options = chosen?.children ?? [];
  }
  return options;
}
