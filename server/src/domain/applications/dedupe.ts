import type { ApplicantType } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { staffSees } from './access';
import type { ApplicationRow } from './row';

/** What an applicant's identity matched on (086_dedupe.sql keys). */
export type DedupeField = 'PAN' | 'MOBILE' | 'EMAIL';
const FIELD_OF: Record<string, DedupeField> = { pan: 'PAN', mobile: 'MOBILE', email: 'EMAIL' };

/** Statuses a match is looked for in: open applications, and COMPLETED ones, whose applicants are the bank's customers. */
const MATCHED_STATUSES = ['ACTIVE', 'INACTIVE', 'COMPLETED'];
/** At most this many matched records are read and shown: enough to act on, bounded whatever the data. */
export const MAX_MATCHES = 20;

/** The same normalisation as dedupe_key() in 086_dedupe.sql, so keys computed here meet the stored ones. */
export function dedupeKey(kind: 'pan' | 'mobile' | 'email', v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = kind === 'pan' ? v.trim().toUpperCase() : kind === 'email' ? v.trim().toLowerCase() : v.replace(/[^0-9]/g, '').slice(-10);
  return s ? `${kind}:${s}` : null;
}

interface StoredApplicant {
  applicantId?: unknown;
  type?: unknown;
  firstName?: unknown;
  lastName?: unknown;
  mobile?: unknown;
  email?: unknown;
  panNumber?: unknown;
  values?: unknown;
}

/** One applicant's keys: its own entry and answers, and for the primary the application's columns and customFields. */
export function applicantKeys(a: StoredApplicant, primary: { mobile?: unknown; email?: unknown; custom?: Record<string, unknown> } | null): Set<string> {
  const values = a.values && typeof a.values === 'object' ? (a.values as Record<string, unknown>) : {};
  const candidates: ['pan' | 'mobile' | 'email', unknown][] = [
    ['mobile', a.mobile], ['email', a.email], ['pan', a.panNumber], ['pan', values.panNumber], ['mobile', values.mobile], ['email', values.email],
  ];
  if (primary) candidates.push(['mobile', primary.mobile], ['email', primary.email], ['pan', primary.custom?.panNumber], ['mobile', primary.custom?.mobile], ['email', primary.custom?.email]);
  return new Set(candidates.map(([k, v]) => dedupeKey(k, v)).filter((k): k is string => k !== null));
}

type Keyed = Pick<ApplicationRow, 'mobile' | 'email' | 'custom_fields' | 'doc'>;

/** Each applicant of an application with its keys (the primary also carries the row's columns). */
export function keysByApplicant(app: Keyed): { applicantId: string; type: ApplicantType; keys: Set<string> }[] {
  const list = (Array.isArray(app.doc.applicant) ? app.doc.applicant : []) as StoredApplicant[];
  return list
    .filter((a) => a && typeof a === 'object')
    .map((a) => {
      const type = (typeof a.type === 'string' ? a.type : 'primary') as ApplicantType;
      return {
        applicantId: String(a.applicantId ?? ''),
        type,
        keys: applicantKeys(a, type === 'primary' ? { mobile: app.mobile, email: app.email, custom: app.custom_fields } : null),
      };
    });
}

/** One matched record as staff see it on the application. */
export interface DedupeMatch {
  /** Which of this application's applicants matched. */
  applicantId: string;
  applicantType: ApplicantType;
  matchedOn: DedupeField[];
  /** CUSTOMER: an applicant of a completed (disbursed) application; APPLICATION: an open one. */
  kind: 'CUSTOMER' | 'APPLICATION';
  /** The matched record's applicant role: the primary or a co-applicant / guarantor. */
  matchedApplicantType: ApplicantType;
  /** Shown only when the viewer may open the matched application; otherwise null (described without data). */
  applicationId: string | null;
  applicantName: string | null;
  status: string | null;
  description: string;
}

interface MatchRow extends Keyed {
  application_id: string;
  status: string;
  branch: string | null;
  assigned_team: string | null;
  assigned_to: string | null;
}

/**
 * Other records sharing a PAN, mobile or e-mail with the applicants of `app`, found along the GIN index of
 * dedupe_keys. Drafts are not matched (nobody has vouched for them yet). Without a viewer (the dedupe step of the
 * portal flow) every match is described without any of its data.
 */
export async function findDuplicates(q: Queryable, app: Keyed & Pick<ApplicationRow, 'application_id'>, viewer: CurrentUser | null, only?: string): Promise<DedupeMatch[]> {
  const ours = keysByApplicant(app).filter((a) => !only || a.applicantId === only);
  const all = [...new Set(ours.flatMap((a) => [...a.keys]))];
  if (!all.length) return [];
  const { rows } = await q.query<MatchRow>(
    `SELECT application_id, status, branch, assigned_team, assigned_to, mobile, email, custom_fields, doc
       FROM applications
      WHERE dedupe_keys && $1::text[] AND application_id <> $2 AND NOT draft AND status = ANY($3::text[])
      ORDER BY id DESC LIMIT ${MAX_MATCHES}`,
    [all, app.application_id, MATCHED_STATUSES],
  );
  const out: DedupeMatch[] = [];
  for (const row of rows) {
    const theirs = keysByApplicant(row);
    const visible = viewer !== null && staffSees(row, viewer);
    const kind = row.status === 'COMPLETED' ? 'CUSTOMER' : 'APPLICATION';
    for (const mine of ours) {
      for (const other of theirs) {
        const shared = [...mine.keys].filter((k) => other.keys.has(k));
        if (!shared.length) continue;
        const matchedOn = [...new Set(shared.map((k) => FIELD_OF[k.slice(0, k.indexOf(':'))]))].sort();
        const entry = (row.doc.applicant as StoredApplicant[]).find((a) => a.applicantId === other.applicantId);
        const name = entry ? [entry.firstName, entry.lastName].filter((x) => typeof x === 'string' && x).join(' ') : '';
        const what = kind === 'CUSTOMER' ? 'an existing customer' : `the ${other.type} applicant of an open application`;
        out.push({
          applicantId: mine.applicantId,
          applicantType: mine.type,
          matchedOn,
          kind,
          matchedApplicantType: other.type,
          applicationId: visible ? row.application_id : null,
          applicantName: visible ? name || null : null,
          status: visible ? row.status : null,
          description: visible
            ? `${matchedOn.join(', ')} matches ${what} (${row.application_id})`
            : `${matchedOn.join(', ')} matches ${what} that you may not open`,
        });
      }
    }
  }
  return out;
}

/**
 * §4 "Dedupe details switch the applicant type between primary and secondary": a primary found to be an existing
 * co-applicant (secondary) continues as secondary, and a secondary found to be an existing primary as primary.
 * Guarantors, and matches of the same role, switch nothing.
 */
export function dedupeSwitches(type: ApplicantType, matches: Pick<DedupeMatch, 'matchedApplicantType'>[]): boolean {
  if (type === 'primary') return matches.some((m) => m.matchedApplicantType === 'secondary');
  if (type === 'secondary') return matches.some((m) => m.matchedApplicantType === 'primary');
  return false;
}
