// Builds the xlsx bytes of a sheet with exceljs (used inside the export worker). Every cell is a number or a string: a
// value beginning with = + - or @ stays a text cell, never a formula, so a crafted value cannot run in the user's Excel.
import ExcelJS from 'exceljs';
import type { SheetData } from './sheetData';

export async function buildXlsx(data: SheetData, onProgress: (percent: number) => void = () => undefined): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(data.sheetName);
  sheet.columns = data.headers.map((header) => ({ header, width: Math.max(8, header.length * 2 + 4) }));
  const step = Math.max(1, Math.floor(data.rows.length / 20));
  data.rows.forEach((row, index) => {
    sheet.addRow(row.map((cell) => (typeof cell === 'number' || cell === null ? cell : String(cell))));
    if (index % step === 0) onProgress(Math.floor((index / data.rows.length) * 90));
  });
  // A Buffer (a Uint8Array view) in node and in exceljs's browser build alike: hand back exactly its bytes, transferable.
  const bytes = (await workbook.xlsx.writeBuffer()) as unknown as Uint8Array;
  onProgress(100);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
