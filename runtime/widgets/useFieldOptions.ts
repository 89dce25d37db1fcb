import { useEffect, useState } from 'react';
import { callApi } from '../http/client';
import type { Field, Request } from '../screen/screen.types';
import { session, type Option } from '../stores/session';

const remoteOptions = new Map<string, Promise<Option[]>>();

export function readPath(data: unknown, path: string | undefined): unknown {
  if (!path) return data;
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);
}

/** Loads a remote option list once per api and params; the filter bar and the dialog share the answer. */
export function loadRemoteOptions(request: Request): Promise<Option[]> {
  const key = `${request.api} ${JSON.stringify(request.params ?? {})}`;
  let pending = remoteOptions.get(key);
  if (!pending) {
    pending = callApi<unknown>(request.api, { params: request.params }).then((data) => {
      const list = readPath(data, request.datakey);
      if (!Array.isArray(list)) return [];
      const valueKey = request.valueKey ?? 'value';
      const textKey = request.textKey ?? 'text';
      return list.map((item: Record<string, unknown>) => ({ value: item[valueKey] as Option['value'], text: String(item[textKey] ?? '') }));
    });
    // A failed load is retried next time; the user was told by the http client.
    pending.catch(() => remoteOptions.delete(key));
    remoteOptions.set(key, pending);
  }
  return pending;
}

/** Options of a choice field: static `options`, a dictionary (`dict`), or a remote `request`. */
export function useFieldOptions(field: Field): { options: Option[]; loading: boolean } {
  const [remote, setRemote] = useState<Option[] | undefined>(undefined);
  const request = field.request;
  const requestKey = request ? JSON.stringify(request) : '';

  useEffect(() => {
    if (!request) return;
    let alive = true;
    loadRemoteOptions(request).then(
      (options) => alive && setRemote(options),
      () => alive && setRemote([]),
    );
    return () => {
      alive = false;
    };
    // requestKey stands for the request's content, which is what should trigger a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  if (field.options) return { options: field.options, loading: false };
  if (field.dict) return { options: session.dictionary(field.dict), loading: false };
  if (request) return { options: remote ?? [], loading: remote === undefined };
  return { options: [], loading: false };
}
