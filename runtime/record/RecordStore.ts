// The state of one open record page: the record, what the server says this user may do with it now (meta), whether it
// is being edited, and the forms of the tabs opened while editing (their values are saved together, in one call).
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { RecordPage } from '../../schemas/screen/screen.types';
import type { RecordMeta, RecordTransition } from '../../schemas/api/recordPages';
import type { ScreenFormHandle } from '../form/ScreenForm';
import { feedback } from '../app/feedback';
import { recordApis, type RecordValues } from './recordApis';
import { RECORD_TEXT } from './recordText';

export type RecordStatus = 'loading' | 'ready' | 'failed';

export class RecordStore {
  record: RecordValues | null = null;
  meta: RecordMeta | null = null;
  status: RecordStatus = 'loading';
  editing = false;
  saving = false;
  activeTab: string;
  /** Bumped after every write: the history and approval tabs read again. */
  version = 0;
  /** The transition whose small form is open. */
  asking: RecordTransition | null = null;
  private readonly forms = new Map<string, ScreenFormHandle>();
  private readonly apis: ReturnType<typeof recordApis>;

  constructor(
    readonly part: RecordPage,
    readonly id: string,
    /** The tab the page's address names (./recordTabAddress.ts), else the first. */
    openTab = '0',
  ) {
    this.activeTab = openTab;
    this.apis = recordApis(part, id);
    // The record and meta are replaced whole, never changed in place: kept as given (a deep observable copy of a record
    // with three tables of 200 lines cost a record page's first frame about a tenth of its time).
    makeAutoObservable<RecordStore, 'forms' | 'apis'>(this, { record: observableRef, meta: observableRef, part: false, id: false, forms: false, apis: false });
  }

  async load(): Promise<void> {
    try {
      const [record, meta] = await Promise.all([this.apis.read(), this.apis.meta()]);
      runInAction(() => {
        this.record = record;
        this.meta = meta;
        this.status = 'ready';
      });
    } catch {
      runInAction(() => (this.status = 'failed'));
    }
  }

  /** After a header button's write (a dialog, a call): the record and what may be done with it now. */
  async reread(): Promise<void> {
    await this.refresh();
  }

  /** After a write: the record and what may be done with it now. */
  private async refresh(record?: RecordValues): Promise<void> {
    const [fresh, meta] = await Promise.all([record ? Promise.resolve(record) : this.apis.read(), this.apis.meta()]);
    runInAction(() => {
      this.record = fresh;
      this.meta = meta;
      this.version++;
    });
  }

  selectTab(key: string): void {
    this.activeTab = key;
  }

  get canEdit(): boolean {
    return this.part.save !== undefined && this.meta?.editable === true;
  }

  startEdit(): void {
    if (this.canEdit) this.editing = true;
  }

  cancelEdit(): void {
    this.forms.clear();
    this.editing = false;
  }

  /** A tab's form while editing; its values join the save. */
  registerForm(tab: string, handle: ScreenFormHandle | null): void {
    if (handle) this.forms.set(tab, handle);
    else this.forms.delete(tab);
  }

  /** Every opened tab's form is checked (the first with a problem is shown), then the record and its lines are saved in one call. */
  async save(): Promise<boolean> {
    const changes: RecordValues = {};
    for (const [tab, form] of this.forms) {
      const [invalid, values] = form.validate();
      if (invalid) {
        this.activeTab = tab;
        return false;
      }
      Object.assign(changes, values);
    }
    this.saving = true;
    try {
      const saved = await this.apis.save({ ...this.record, ...changes });
      feedback().message.success(RECORD_TEXT.saved);
      this.forms.clear();
      runInAction(() => (this.editing = false));
      await this.refresh(saved);
      return true;
    } catch {
      // The http client has shown the server's message; the user's input stays in the forms.
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  /** A transition button: its small form first when it needs fields (or, for an approval, a comment), else a confirmation. */
  ask(transition: RecordTransition): void {
    this.asking = transition;
  }

  closeAsk(): void {
    this.asking = null;
  }

  async transition(transition: RecordTransition, body: RecordValues): Promise<boolean> {
    try {
      const answer = await this.apis.transition(transition.name, body);
      feedback().message.success(transition.process ? RECORD_TEXT.submitted(transition.label) : RECORD_TEXT.transitionDone(transition.label));
      runInAction(() => (this.asking = null));
      await this.refresh(answer);
      return true;
    } catch {
      return false;
    }
  }

  loadHistory() {
    return this.apis.history();
  }
}
