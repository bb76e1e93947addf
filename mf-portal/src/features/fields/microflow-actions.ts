import type { MicroflowAction } from '@lendline/shared';

/** What the form must do for the actions of a microflow reply (§7), decided without touching the page. */
export interface AppliedActions {
  /** Values to set in the form (APPLICATION_UPDATE, in order; later ones win). */
  values: Record<string, unknown>;
  /** Fields the microflow could not verify, with why. */
  unverified: { key: string; reason?: string }[];
  /** What a lookup found, for the status line. */
  found: string[];
  notFound: string[];
  files: { mode: 'download' | 'preview'; name: string; type: string; buffer: string }[];
}

export function planActions(actions: MicroflowAction[]): AppliedActions {
  const out: AppliedActions = { values: {}, unverified: [], found: [], notFound: [], files: [] };
  for (const a of actions) {
    if (a.action === 'APPLICATION_UPDATE') Object.assign(out.values, a.values);
    else if (a.action === 'VERIFY_FIELDS') {
      for (const f of a.fields) if (!f.verified) out.unverified.push({ key: f.key, reason: f.reason });
    } else if (a.action === 'LOOKUP') (a.found ? out.found : out.notFound).push(a.found && a.result ? Object.values(a.result).join(', ') : a.value);
    else if (a.action === 'DOWNLOAD_FILE') out.files.push({ mode: 'download', name: a.name, type: a.type, buffer: a.buffer });
    else if (a.action === 'PREVIEW_FILE') out.files.push({ mode: 'preview', name: a.name, type: a.type, buffer: a.buffer });
  }
  return out;
}

export function fileBlob(buffer: string, type: string): Blob {
  const bin = atob(buffer);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Saves a file through a temporary link (the browser's download), or opens it in a new tab for a preview. */
export function deliverFile(file: AppliedActions['files'][number]): void {
  const url = URL.createObjectURL(fileBlob(file.buffer, file.type));
  const a = document.createElement('a');
  a.href = url;
  if (file.mode === 'download') a.download = file.name;
  else a.target = '_blank';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
