// The rest of the app-wide state of building-blocks §4: the collapsed-sidebar flag, button loading flags and the
// grey-release id.
import { makeAutoObservable } from 'mobx';
import { getGrayId } from '../http/credentials';

export class UiStore {
  collapsed = false;
  /** Buttons whose action is running, by a key the button chooses: they show a spinner and take no second click. */
  buttonLoading = new Map<string, boolean>();
  /** The gray-release id of the browser (cookie grayid), when a release is being tried on it. */
  grayId: string | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  toggleSidebar(): void {
    this.collapsed = !this.collapsed;
  }

  isLoading(key: string): boolean {
    return this.buttonLoading.get(key) === true;
  }

  setLoading(key: string, loading: boolean): void {
    if (loading) this.buttonLoading.set(key, true);
    else this.buttonLoading.delete(key);
  }

  /** Runs an action with its button's loading flag set. */
  async whileLoading<T>(key: string, action: () => Promise<T>): Promise<T> {
    this.setLoading(key, true);
    try {
      return await action();
    } finally {
      this.setLoading(key, false);
    }
  }

  readGrayId(): void {
    this.grayId = getGrayId() ?? null;
  }

  clear(): void {
    this.buttonLoading.clear();
    this.collapsed = false;
  }
}

export const ui = new UiStore();
