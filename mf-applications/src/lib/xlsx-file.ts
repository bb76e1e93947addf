// Imported only by the export modules that are themselves loaded on demand: xlsx is large and stays out of every
// page's first chunk.
import { utils, write } from 'xlsx';

export type SheetRows = (string | number)[][];

/**
 * A workbook of named sheets. Excel refuses sheet names over 31 characters, with any of \ / ? * [ ] :, or used
 * twice: names are cleaned and made unique here, once for every export.
 */
export function workbookBytes(sheets: { name: string; rows: SheetRows }[]): ArrayBuffer {
  const wb = utils.book_new();
  const used = new Set<string>();
  for (const sheet of sheets) {
    const clean = sheet.name.replace(/[\\/?*[\]:]/g, ' ').trim() || 'Sheet';
    let name = clean.slice(0, 31);
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${clean.slice(0, 31 - String(n).length - 1)}_${n}`;
    used.add(name.toLowerCase());
    utils.book_append_sheet(wb, utils.aoa_to_sheet(sheet.rows), name);
  }
  return write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
}

/** Hands the bytes to the browser as a file download. */
export function downloadXlsx(bytes: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
