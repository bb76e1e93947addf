import { EXPORT_SUFFIX } from '@lendline/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/** §9: `<list>_export_<timestamp>.xlsx`, the timestamp sortable and safe in every file system. */
export function exportFileName(list: string, at = new Date()): string {
  const ts = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}_${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${list}${EXPORT_SUFFIX}_${ts}.xlsx`;
}
