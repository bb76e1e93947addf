import type { FormValues } from '@lendline/shared/form-engine';

/**
 * Drafts of the sub-section being filled, in localStorage per application, applicant and sub-section: they
 * survive a reload, a closed tab and a dropped connection. A draft is removed once the server has the answers.
 * "Pending" marks a save the applicant asked for while offline; it is sent when the connection is back.
 */
const PREFIX = 'lendline.portal.draft';

export interface DraftKey {
  applicationId: string;
  applicantId: string;
  sectionId: string;
  subSectionId: string;
}

export interface Draft {
  values: FormValues;
  savedAt: number;
  /** The applicant pressed save while offline: send it as a full save when back online. */
  pending?: boolean;
}

const keyOf = (k: DraftKey) => `${PREFIX}:${k.applicationId}:${k.applicantId}:${k.sectionId}:${k.subSectionId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // private mode or storage disabled: drafts just do not persist
  }
}

export function readDraft(k: DraftKey): Draft | null {
  const raw = storage()?.getItem(keyOf(k));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Draft;
  } catch {
    return null;
  }
}

export function writeDraft(k: DraftKey, values: FormValues, pending = false): void {
  try {
    storage()?.setItem(keyOf(k), JSON.stringify({ values, savedAt: Date.now(), pending } satisfies Draft));
  } catch {
    /* quota exceeded: the server copy is still there after the next save */
  }
}

export function clearDraft(k: DraftKey): void {
  storage()?.removeItem(keyOf(k));
}

/** Every stored draft of one application (to send what was kept offline). */
export function draftsOf(applicationId: string): Array<{ key: DraftKey; draft: Draft }> {
  const s = storage();
  if (!s) return [];
  const out: Array<{ key: DraftKey; draft: Draft }> = [];
  for (let i = 0; i < s.length; i++) {
    const name = s.key(i);
    if (!name?.startsWith(`${PREFIX}:${applicationId}:`)) continue;
    const [, , applicantId, sectionId, subSectionId] = name.split(':');
    const draft = readDraft({ applicationId, applicantId, sectionId, subSectionId });
    if (draft) out.push({ key: { applicationId, applicantId, sectionId, subSectionId }, draft });
  }
  return out;
}
