// Repair-reception state (building-blocks §3-§4): the sections of an order being taken in at the service desk, shared by
// the reception screen's panels. A reset clears every list, object and text except the repair-type and organisation
// option lists (they do not change between orders) and puts the default marker back; for the 'License' and 'gd'
// markers (an order continued from a licence-plate scan or a work order) the sections are kept and only the marker
// is set.
import { makeAutoObservable } from 'mobx';
import type { Option } from './dictionaries';

export type Section = Record<string, unknown>;
export type SectionRow = Record<string, unknown>;

export const RECEPTION_DEFAULT_MARKER = 'default';
/** Markers that continue an order: a reset keeps its sections. */
export const RECEPTION_KEEPING_MARKERS = ['License', 'gd'] as const;
/** Never cleared by a reset. */
const KEPT_ON_RESET = new Set(['typeList', 'orgsList', 'marker']);

export class ReceptionStore {
  sales: SectionRow[] = [];
  stuff: SectionRow[] = [];
  additionalItems: SectionRow[] = [];
  tools: SectionRow[] = [];
  labourItems: SectionRow[] = [];
  vin = '';
  orderNoForm: Section = {};
  customerVehicleForm: Section = {};
  repairInfoForm: Section = {};
  remarksForm: Section = {};
  package: Section = {};
  extendedInsurance: Section = {};
  serviceContract: Section = {};
  typeList: Option[] = [];
  orgsList: SectionRow[] = [];
  marker: string = RECEPTION_DEFAULT_MARKER;

  constructor() {
    makeAutoObservable(this);
  }

  set<K extends keyof this & string>(name: K, value: this[K]): void {
    this[name] = value;
  }

  reset(marker: string = RECEPTION_DEFAULT_MARKER): void {
    this.marker = marker;
    if ((RECEPTION_KEEPING_MARKERS as readonly string[]).includes(marker)) return;
    const state = this as unknown as Record<string, unknown>;
    for (const key of Object.keys(state)) {
      if (KEPT_ON_RESET.has(key)) continue;
      const value = state[key];
      if (Array.isArray(value)) state[key] = [];
      else if (typeof value === 'string') state[key] = '';
      else if (value !== null && typeof value === 'object') state[key] = {};
    }
  }
}

export const reception = new ReceptionStore();
