import { CONSENT_PURPOSES, type ConsentChannel, type ConsentPurpose, type ConsentRecord } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { writeAudits } from '../applications/audit';
import { notFound, refused } from '../errors';
import type { PortalApplicant } from '../portal/applicants';
import { currentNotices, noticeLang } from './notices';

/**
 * Consent as records (DPDP Act 2023): each act of one applicant on one purpose is a row of consent_records (given or
 * withdrawn, with the notice version it was given against, the language, the channel and the time), never updated.
 * Only the applicant gives or withdraws it — the routes admit the customer account (appRefId) or a signed withdrawal
 * link, never staff.
 */

interface RecordRow {
  applicant_id: string;
  applicant_type: string;
  purpose: ConsentPurpose;
  given: boolean;
  notice_version: number;
  lang: string;
  channel: ConsentChannel;
  at: Date;
}

const toRecord = (r: RecordRow): ConsentRecord => ({
  applicantId: r.applicant_id, applicantType: r.applicant_type, purpose: r.purpose, given: r.given, noticeVersion: r.notice_version, lang: r.lang, channel: r.channel, at: new Date(r.at).toISOString(),
});

/** The standing consents of an application: the latest record of each applicant and purpose. */
export async function standingConsents(q: Queryable, applicationId: string): Promise<ConsentRecord[]> {
  const { rows } = await q.query<RecordRow>(
    `SELECT DISTINCT ON (applicant_id, purpose) applicant_id, applicant_type, purpose, given, notice_version, lang, channel, at
       FROM consent_records WHERE application_id = $1 ORDER BY applicant_id, purpose, id DESC`,
    [applicationId],
  );
  return rows.map(toRecord);
}

/** Every record of the application, oldest first: the history staff and auditors read. */
export async function consentHistory(q: Queryable, applicationId: string): Promise<ConsentRecord[]> {
  const { rows } = await q.query<RecordRow>(
    `SELECT applicant_id, applicant_type, purpose, given, notice_version, lang, channel, at FROM consent_records WHERE application_id = $1 ORDER BY id`,
    [applicationId],
  );
  return rows.map(toRecord);
}

/** The applicant of the application (the primary when none is named); 404 alike for one of another application. */
export function applicantOf(app: ApplicationRow, applicantId: string | undefined): PortalApplicant {
  const list = (app.doc.applicant ?? []) as PortalApplicant[];
  const found = applicantId ? list.find((a) => a.applicantId === applicantId) : list.find((a) => a.type === 'primary');
  if (!found) throw notFound('applicantId', `No applicant ${applicantId ?? 'primary'} on this application`);
  return found;
}

export interface ConsentInput {
  applicantId?: string;
  lang?: string;
  /** Each purpose answered: true gives, false withdraws (or declines). Purposes left out are not touched. */
  purposes: Partial<Record<ConsentPurpose, boolean>>;
  channel: ConsentChannel;
}

/**
 * Records one applicant's answers, each against the current notice version in their language, with an audit row
 * (by the applicant, never a staff user). An answer equal to the standing one writes nothing (no duplicate history).
 */
export async function recordConsents(q: Queryable, app: ApplicationRow, input: ConsentInput, by: string, now = new Date()): Promise<ConsentRecord[]> {
  const applicant = applicantOf(app, input.applicantId);
  const lang = noticeLang(input.lang);
  const notices = new Map((await currentNotices(q, lang)).map((n) => [n.purpose, n]));
  const standing = new Map((await standingConsents(q, app.application_id)).filter((r) => r.applicantId === applicant.applicantId).map((r) => [r.purpose, r]));
  const changes = [];
  for (const purpose of CONSENT_PURPOSES) {
    const given = input.purposes[purpose];
    if (given === undefined) continue;
    const notice = notices.get(purpose);
    if (!notice) throw refused(`purposes.${purpose}`, 'There is no notice for this purpose: nothing can be consented to');
    const was = standing.get(purpose);
    // An answer equal to the standing one is not repeated; a first "no" is recorded (it also overrides a consent
    // answered in a flow before consent records existed).
    if (was && was.given === given) continue;
    await q.query(
      `INSERT INTO consent_records (application_id, applicant_id, applicant_type, purpose, given, notice_version, lang, channel, at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
      [app.application_id, applicant.applicantId, applicant.type, purpose, given, notice.version, notice.lang, input.channel, now],
    );
    changes.push({ key: `consent.${applicant.applicantId}.${purpose}`, old: was ? (was.given ? 'GIVEN' : 'WITHDRAWN') : null, new: given ? 'GIVEN' : 'WITHDRAWN' });
  }
  if (changes.length) await writeAudits(q, app.application_id, 'consent', by, now, changes, { applicantId: applicant.applicantId, channel: input.channel });
  return (await standingConsents(q, app.application_id)).filter((r) => r.applicantId === applicant.applicantId);
}

/**
 * The bureau gate (domain/credit): the primary applicant's standing BUREAU_PULL consent. A withdrawn consent refuses
 * with when it was withdrawn; no record at all answers null, and the caller falls back to the flow's recorded answer
 * (applications recorded before consent records existed).
 */
export async function bureauConsent(q: Queryable, app: ApplicationRow): Promise<ConsentRecord | null> {
  const primary = ((app.doc.applicant ?? []) as PortalApplicant[]).find((a) => a.type === 'primary');
  const all = await standingConsents(q, app.application_id);
  return all.find((r) => r.purpose === 'BUREAU_PULL' && (primary ? r.applicantId === primary.applicantId : r.applicantType === 'primary')) ?? null;
}
