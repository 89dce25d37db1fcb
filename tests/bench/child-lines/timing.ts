// Shared by our page and amis's: the time from a start to the frame painted after it, and one keystroke's time from
// keydown to the frame that shows it (the method of form-keystroke: the animation frame's start, and after its paint).
export interface KeystrokeTiming {
  frame: number;
  painted: number;
  /** To the start of the first frame whose total (the element `totalSelector` names) shows a new text: an engine
   * that defers its formulas echoes the key at once and the total later. */
  total: number;
}

declare global {
  interface Window {
    linesBench: { paint(): Promise<number>; arm(totalSelector: string): void; result(): Promise<KeystrokeTiming> };
  }
}

/** Milliseconds from `start` to just after the next frame was painted (a message posted from its animation frame). */
export function paintedAfter(start: number): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    }),
  );
}

let pending: Promise<KeystrokeTiming> = Promise.resolve({ frame: Number.NaN, painted: Number.NaN, total: Number.NaN });

/** Gives up on a total that does not change within this long (reported as this long). */
const TOTAL_WAIT_MS = 3000;

export function armKeystroke(totalSelector: string): void {
  const totalText = () => document.querySelector(totalSelector)?.textContent ?? '';
  const before = totalText();
  pending = new Promise((resolve) => {
    window.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        const echoed = new Promise<{ frame: number; painted: number }>((done) =>
          requestAnimationFrame(() => {
            const frame = performance.now() - start;
            const channel = new MessageChannel();
            channel.port1.onmessage = () => done({ frame, painted: performance.now() - start });
            channel.port2.postMessage(null);
          }),
        );
        const totalled = new Promise<number>((done) => {
          const check = () => {
            const elapsed = performance.now() - start;
            if (totalText() !== before || elapsed > TOTAL_WAIT_MS) done(elapsed);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
        void Promise.all([echoed, totalled]).then(([echo, total]) => resolve({ ...echo, total }));
      },
      { once: true, capture: true },
    );
  });
}

export const keystrokeResult = (): Promise<KeystrokeTiming> => pending;
