// The designer's draft in the browser's local storage (building-blocks §4): one slot, overwritten by each 保存到本地 and
// read back by 从本地恢复, together with the version of the server definition it started from.

export const DRAFT_KEY = 'dms.workflow.draft';

export interface LocalDraft {
  xml: string;
  processId: string;
  /** The server version the draft started from; null for a process never saved to the server. */
  baseVersion: number | null;
  savedAt: string;
}

export function saveDraft(draft: LocalDraft, storage: Storage = localStorage): void {
  storage.setItem(DRAFT_KEY, JSON.stringify(draft));
}

export function loadDraft(storage: Storage = localStorage): LocalDraft | null {
  try {
    const value = JSON.parse(storage.getItem(DRAFT_KEY) ?? 'null') as Partial<LocalDraft> | null;
    if (!value || typeof value.xml !== 'string' || typeof value.processId !== 'string') return null;
    return { xml: value.xml, processId: value.processId, baseVersion: typeof value.baseVersion === 'number' ? value.baseVersion : null, savedAt: String(value.savedAt ?? '') };
  } catch {
    return null;
  }
}
