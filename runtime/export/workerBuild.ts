// Runs the workbook build in a Web Worker and answers the bytes; progress is reported as it comes.
import type { SheetData } from './sheetData';
import type { WorkerReply } from './xlsxWorker';

export function buildInWorker(data: SheetData, onProgress: (percent: number) => void): Promise<ArrayBuffer> {
  const worker = new Worker(new URL('./xlsxWorker.ts', import.meta.url), { type: 'module' });
  return new Promise<ArrayBuffer>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') return onProgress(reply.percent);
      worker.terminate();
      if (reply.type === 'done') resolve(reply.bytes);
      else reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(data);
  }).finally(() => worker.terminate());
}
