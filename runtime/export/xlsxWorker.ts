// The page export's worker: builds the workbook off the main thread so the page stays responsive, reporting progress.
import { buildXlsx } from './xlsxBuild';
import type { SheetData } from './sheetData';

export type WorkerReply = { type: 'progress'; percent: number } | { type: 'done'; bytes: ArrayBuffer } | { type: 'error'; message: string };

const post = (reply: WorkerReply, transfer: Transferable[] = []) => (self as unknown as { postMessage(m: WorkerReply, t: Transferable[]): void }).postMessage(reply, transfer);

self.onmessage = async (event: MessageEvent<SheetData>) => {
  try {
    const bytes = await buildXlsx(event.data, (percent) => post({ type: 'progress', percent }));
    post({ type: 'done', bytes }, [bytes]);
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
