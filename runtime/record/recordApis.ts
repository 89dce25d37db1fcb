// The calls a record page makes, all derived from its `load` api (the model engine's routes): the record, its meta
// (steps and the transitions this user may perform now), its history, its save and each transition.
import type { RecordPage } from '../../schemas/screen/screen.types';
import type { RecordHistoryEntry, RecordMeta } from '../../schemas/api/recordPages';
import { callApi } from '../http/client';

export type RecordValues = Record<string, unknown>;

/** `service:GET path/{id}` -> `service:<method> path/{id}/<suffix>`. */
const beside = (load: string, method: string, suffix: string): string => {
  const [service, rest] = [load.slice(0, load.indexOf(':')), load.slice(load.indexOf(':') + 1)];
  const path = rest.slice(rest.indexOf(' ') + 1);
  return `${service}:${method} ${path}/${suffix}`;
};

export const recordApis = (part: RecordPage, id: string) => {
  const values = { id };
  return {
    read: () => callApi<RecordValues>(part.load, { values }),
    meta: () => callApi<RecordMeta>(beside(part.load, 'GET', 'meta'), { values }),
    history: () => callApi<RecordHistoryEntry[]>(beside(part.load, 'GET', 'history'), { values }),
    save: (record: RecordValues) => callApi<RecordValues>(part.save!, { values, data: record }),
    transition: (name: string, body: RecordValues) => callApi<RecordValues>(beside(part.load, 'POST', name), { values, data: body }),
  };
};
