// The server's copy of a user's column layouts (lowcode:GET/PUT tableLayouts): what lets a consultant find the same
// columns on any showroom PC, beyond amis and ProTable which keep them only in the browser.
import { callApi } from '../http/client';
import type { StoredLayout } from './columnLayout';

export interface ServerLayout extends StoredLayout {
  layoutKey: string;
}

export function fetchServerLayout(layoutKey: string): Promise<ServerLayout | null> {
  return callApi<ServerLayout | null>('lowcode:GET tableLayouts', { params: { layoutKey } });
}

export function saveServerLayout(layoutKey: string, layout: StoredLayout): Promise<unknown> {
  return callApi('lowcode:PUT tableLayouts', { data: { layoutKey, ...layout } });
}
