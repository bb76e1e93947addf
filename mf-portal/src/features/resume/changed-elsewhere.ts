import type { FormValues } from '@lendline/shared/form-engine';
import type { PortalApplication } from '../../api/portal-api';

/** An applicant's saved answers as the flow reads them (the primary's are the application's customFields). */
function saved(app: PortalApplication, applicantId: string): FormValues {
  const a = app.applicant.find((x) => x.applicantId === applicantId);
  if (!a || a.type === 'primary') return { ...(a?.values ?? {}), ...app.customFields };
  return { ...(a.values ?? {}) };
}

const same = (a: unknown, b: unknown) => (a === undefined || a === null || a === '' ? '' : typeof a === 'object' ? JSON.stringify(a) : String(a)) === (b === undefined || b === null || b === '' ? '' : typeof b === 'object' ? JSON.stringify(b) : String(b));

/**
 * The answers of a draft kept on this device that another device changed on the server since this one loaded the
 * application (continue later, issue 28): the saved value moved from what this device knew, to something other
 * than what it typed. Those are a conflict to show, not to overwrite unseen; any other answer is merged as today.
 */
export function changedElsewhere(known: PortalApplication, now: PortalApplication, applicantId: string, draft: FormValues): string[] {
  const before = saved(known, applicantId);
  const after = saved(now, applicantId);
  return Object.keys(draft).filter((k) => !same(before[k], after[k]) && !same(after[k], draft[k]));
}
