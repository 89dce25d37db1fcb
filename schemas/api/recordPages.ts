// What the record page reads about one record besides the record itself (issue 22): which steps its states make, which
// transitions THIS user may perform on it now (the server decides), and its audit history in field labels.
import type { Field as FormField } from '../screen/screen.types';

/** One state of the model's status field, in the order the transitions reach it. */
export interface RecordStep {
  code: string;
  name: string;
}

export interface RecordTransition {
  name: string;
  label: string;
  to: string;
  /** Needs a process's approval: calling it starts the process. */
  process: boolean;
  /** What the transition needs filled (the small form), as form fields of the screen language. */
  requires: FormField[];
  allowed: boolean;
  /** Why not, when not allowed (another state, no key, the other side, under approval, the guard). */
  reason?: string;
}

export interface RecordMeta {
  title: string;
  /** The record's title field's value (the tab's title). */
  recordTitle: string;
  state: { field: string; current: string; steps: RecordStep[] } | null;
  transitions: RecordTransition[];
  /** The user may save the record now (key, editable state, no approval running). */
  editable: boolean;
  /** The approval running on the record, if any. */
  approval: { instanceId: number; processName: string } | null;
}

/** One field's change in an audit entry: the field's label, and the value before and after as shown text. */
export interface RecordChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface RecordHistoryEntry {
  id: number;
  at: string;
  userName: string;
  /** 新增, 修改, 删除, or a transition's label. */
  action: string;
  changes: RecordChange[];
}
