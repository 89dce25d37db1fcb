// The moments the record-page and child-lines benchmarks time, shared by our pages and amis's (./table/amis), so both
// engines are measured alike: when the page's data arrived, the first painted frame whose window is filled (every line
// table that starts inside the window showing its lines down to the window's bottom, or all of them; on the record page
// also the header), and the first painted frame with every line of every table in the page.

export interface RecordPaint {
  /** Render call to the data's arrival (the record and what the page needs beside it answered). */
  data: number;
  /** Render call to just after the paint of the first frame whose window is filled. */
  frame: number;
  /** Render call to just after the paint of the first frame holding every line of every table. */
  allLines: number;
}

/** A line table as shown: where it starts and its lines in the document now, of how many it has. */
export interface ShownTable {
  element: Element;
  rows: ArrayLike<Element>;
  total: number;
}

/** Whether what the window shows is complete: each table that starts inside it shows its lines down to its bottom. */
export function windowFilled(tables: ShownTable[]): boolean {
  const bottom = window.innerHeight;
  return tables.every(({ element, rows, total }) => {
    if (element.getBoundingClientRect().top >= bottom || rows.length >= total) return true;
    const last = rows[rows.length - 1];
    return last !== undefined && last.getBoundingClientRect().bottom >= bottom;
  });
}

let arrived = Number.NaN;

/** Called by the page's fake network as it answers each call the page needs first; the last one counts. */
export function dataArrived(): void {
  arrived = performance.now();
  // Named in a Chromium trace of the page, where the frame after the data begins.
  performance.mark('record-bench-data');
}

/** Milliseconds from `start` to just after the paint of the frame now being drawn (a message posted from an animation frame runs after its paint). */
const afterThisPaint = (start: number): Promise<number> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now() - start);
    channel.port2.postMessage(null);
  });

/** Milliseconds from `start` to just after the paint of the first frame in which `ready` holds. */
export function paintedWhen(ready: () => boolean, start: number): Promise<number> {
  return new Promise((resolve) => {
    const check = () => (ready() ? void afterThisPaint(start).then(resolve) : requestAnimationFrame(check));
    requestAnimationFrame(check);
  });
}

/**
 * Times one render: `render` is called at the start; `filled` and `complete` are checked in each animation frame
 * (where the document is as that frame paints it) and each moment is taken just after the paint of the first frame in
 * which it holds.
 */
export function timeRecordPaint(render: () => void, filled: () => boolean, complete: () => boolean): Promise<RecordPaint> {
  arrived = Number.NaN;
  const start = performance.now();
  render();
  return new Promise((resolve) => {
    let frame: Promise<number> | undefined;
    const check = () => {
      frame ??= filled() ? afterThisPaint(start) : undefined;
      if (frame === undefined || !complete()) return void requestAnimationFrame(check);
      const data = arrived - start;
      void Promise.all([frame, afterThisPaint(start)]).then(([shown, allLines]) => resolve({ data, frame: shown, allLines }));
    };
    requestAnimationFrame(check);
  });
}
