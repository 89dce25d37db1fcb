// The dictionary grouped by type and the region tree (building-blocks §4): loaded once per sign-in. The dictionary is
// also kept in local storage (dataList) with the token it was loaded under (dataListToken), so a reload of the same
// sign-in does not ask again; a new sign-in does.
import { makeAutoObservable, runInAction } from 'mobx';
import { callApi } from '../http/client';
import { readLocal, readLocalJson, writeLocal } from './storageKeys';
import type { DictionaryEntry, RegionNode } from '../../schemas/api/dictionaries';

export type { DictionaryEntry, RegionNode };

export interface Option {
  value: string | number | boolean;
  text: string;
  disabled?: boolean;
}

export function groupDictionary(entries: DictionaryEntry[]): Map<string, Option[]> {
  const grouped = new Map<string, Option[]>();
  for (const entry of entries) grouped.set(entry.type, [...(grouped.get(entry.type) ?? []), { value: entry.codeId, text: entry.codeCnDesc }]);
  return grouped;
}

export class DictionaryStore {
  byType = new Map<string, Option[]>();
  regions: RegionNode[] = [];
  private loadedFor: string | undefined = undefined;
  private regionsLoaded = false;

  constructor() {
    makeAutoObservable<DictionaryStore, 'loadedFor' | 'regionsLoaded'>(this, { loadedFor: false, regionsLoaded: false });
  }

  get filled(): boolean {
    return this.byType.size > 0;
  }

  options(type: string): Option[] {
    return this.byType.get(type) ?? [];
  }

  /** Loads the dictionary unless it is already filled for this token (in memory, or in local storage). */
  async load(token: string): Promise<void> {
    if (this.filled && this.loadedFor === token) return;
    const cached = readLocal('dataListToken') === token ? readLocalJson<DictionaryEntry[]>('dataList') : undefined;
    const entries = cached ?? (await callApi<DictionaryEntry[]>('dict:GET codes'));
    if (!cached) {
      writeLocal('dataList', JSON.stringify(entries));
      writeLocal('dataListToken', token);
    }
    runInAction(() => {
      this.byType = groupDictionary(entries);
      this.loadedFor = token;
    });
  }

  /** The region tree, asked for the first time a screen needs it. */
  async loadRegions(): Promise<RegionNode[]> {
    if (!this.regionsLoaded) {
      const regions = await callApi<RegionNode[]>('dict:GET regions');
      runInAction(() => {
        this.regions = regions;
        this.regionsLoaded = true;
      });
    }
    return this.regions;
  }

  clear(): void {
    this.byType = new Map();
    this.regions = [];
    this.loadedFor = undefined;
    this.regionsLoaded = false;
  }
}

export const dictionaries = new DictionaryStore();
