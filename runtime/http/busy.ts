// The busy indicator of back-office §9: it appears only when a request has been running for 100 ms, so quick answers
// never flash it, and it goes as soon as the last running request ends.
import { makeAutoObservable } from 'mobx';

export const BUSY_DELAY_MS = 100;

export class BusyState {
  running = 0;
  visible = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly delayMs = BUSY_DELAY_MS) {
    makeAutoObservable<BusyState, 'timer'>(this, { timer: false });
  }

  start(): void {
    this.running += 1;
    if (this.running === 1 && this.timer === undefined) this.timer = setTimeout(() => this.show(), this.delayMs);
  }

  end(): void {
    this.running = Math.max(0, this.running - 1);
    if (this.running > 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.visible = false;
  }

  private show(): void {
    this.timer = undefined;
    this.visible = this.running > 0;
  }
}

/** The requests of the app's http client. */
export const busy = new BusyState();
