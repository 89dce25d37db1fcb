// The button rules of back-office §9: a button locks while its action runs and unlocks 100 ms after it ends; a second
// click within 1000 ms of the first is ignored even when the action was quicker; a failing action is logged for
// developers and swallowed (the http client has already told the user what went wrong).

export const BUTTON_UNLOCK_DELAY_MS = 100;
export const BUTTON_RECLICK_LOCK_MS = 1000;

export class ButtonLock {
  private locked = false;
  private lastClickAt = Number.NEGATIVE_INFINITY;
  private unlockTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onLockChange: (locked: boolean) => void) {}

  get isLocked(): boolean {
    return this.locked;
  }

  /** Runs the action unless the button is locked; answers whether it ran. */
  async click(action: () => Promise<unknown>): Promise<boolean> {
    const now = Date.now();
    if (this.locked || now - this.lastClickAt < BUTTON_RECLICK_LOCK_MS) return false;
    this.lastClickAt = now;
    this.setLocked(true);
    try {
      await action();
    } catch (error) {
      console.error('[ActionButton] 按钮动作出错', error);
    } finally {
      this.unlockTimer = setTimeout(() => this.setLocked(false), BUTTON_UNLOCK_DELAY_MS);
    }
    return true;
  }

  dispose(): void {
    clearTimeout(this.unlockTimer);
  }

  private setLocked(locked: boolean): void {
    this.locked = locked;
    this.onLockChange(locked);
  }
}
