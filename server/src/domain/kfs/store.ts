import { createHash, randomBytes } from 'node:crypto';
import type { BlockerText } from '../credit/blocker-texts';
import { addWorkingDays, isoDay } from '@lendline/shared/pricing';
import type { Db, Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import type { BlobStore } from '../documents/storage';
import { findApplication, type ApplicationRow } from '../applications/row';
import { writeAudits } from '../applications/audit';
import type { CurrentUser } from '../current-user';
import { notFound, refused } from '../errors';
import { LANGUAGE_NAMES_HI, prepareDocument } from '../documents/changes';
import { renderPdf } from '../documents/pdf/render';
import { productNameIn } from '../config/display-names';
import { quoteOfApplication } from '../pricing/application-terms';
import type { PortalApplicant } from '../portal/applicants';
import { maskRecipient, sendOtp, verifiedRecipient, verifyOtp, type OtpCheck } from '../portal/otp';
import { statementBlocks, type KfsTerms } from './statement';
import { grievanceFooter, grievanceOfficer } from '../config/grievance';
import { coolingOffDays } from '../cooling-off/window';

/** At least 3 working days (RBI KFS, for tenors of 7 days or more): the statement's validity. */
export const KFS_VALID_WORKING_DAYS = 3;
/** The OTP field a KFS acceptance code is bound to (portal_otps.field_key). */
export const KFS_OTP_FIELD = 'kfsAcceptance';

export type KfsState = 'ISSUED' | 'ACCEPTED' | 'EXPIRED' | 'TERMS_CHANGED' | 'SUPERSEDED';

interface KfsRow {
  kfs_id: string;
  proposal_no: string;
  application_id: string;
  version: number;
  lang: 'en' | 'hi';
  terms: KfsTerms;
  terms_hash: string;
  file_id: string | null;
  sha256: string | null;
  status: 'ISSUED' | 'ACCEPTED' | 'SUPERSEDED';
  issued_by: string;
  issued_at: Date | string;
  valid_until: Date | string;
  accepted_by: string | null;
  accepted_at: Date | string | null;
  accepted_channel: string | null;
  accepted_to: string | null;
}

/** The terms a change of which needs a new statement: amount, tenure, rate and fees (not the dates of a later day). */
export const termsHash = (t: Pick<KfsTerms, 'amount' | 'tenureMonths' | 'ratePercent' | 'fees'>) =>
  createHash('sha256').update(JSON.stringify([t.amount, t.tenureMonths, t.ratePercent, t.fees.map((f) => [f.code, f.payableTo, f.amount])])).digest('hex');

const dayOf = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : isoDay(v));

/** The application's current terms priced now, as a statement would state them. */
export async function currentTerms(q: Queryable, app: ApplicationRow, now = new Date()): Promise<KfsTerms> {
  const qt = await quoteOfApplication(q, app, {}, now);
  return {
    amount: qt.amount, tenureMonths: qt.tenureMonths, rate: qt.rate, ratePercent: qt.ratePercent, emi: qt.emi, fees: qt.fees, totalFees: qt.totalFees,
    netDisbursed: qt.netDisbursed, totalInterest: qt.totalInterest, totalPayable: qt.totalPayable, apr: qt.apr, contingent: qt.contingent,
    firstDueDate: qt.firstDueDate, schedule: qt.schedule, pricingVersion: qt.pricingVersion,
  };
}

/** How a statement stands now: accepted, waiting, expired, or stale because the terms changed since. */
function stateOf(row: KfsRow, currentHash: string | null, now: Date): KfsState {
  if (row.status === 'SUPERSEDED') return 'SUPERSEDED';
  if (currentHash !== null && currentHash !== row.terms_hash) return 'TERMS_CHANGED';
  if (dayOf(row.valid_until) < isoDay(now)) return 'EXPIRED';
  return row.status;
}

function view(row: KfsRow, state: KfsState) {
  return {
    kfsId: row.kfs_id,
    proposalNo: row.proposal_no,
    version: row.version,
    lang: row.lang,
    state,
    issuedAt: new Date(row.issued_at).toISOString(),
    issuedBy: row.issued_by,
    validUntil: dayOf(row.valid_until),
    fileId: row.file_id,
    sha256: row.sha256,
    terms: row.terms,
    acceptance: row.accepted_at ? { by: row.accepted_by!, at: new Date(row.accepted_at).toISOString(), channel: row.accepted_channel!, sentTo: row.accepted_to! } : null,
  };
}
export type KfsView = ReturnType<typeof view>;

async function latestRow(q: Queryable, applicationId: string, lock = false): Promise<KfsRow | null> {
  const { rows } = await q.query<KfsRow>(`SELECT * FROM kfs_statements WHERE application_id = $1 ORDER BY version DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`, [applicationId]);
  return rows[0] ?? null;
}

async function hashNow(q: Queryable, app: ApplicationRow, now: Date): Promise<string | null> {
  try {
    return termsHash(await currentTerms(q, app, now));
  } catch {
    return null; // no priced terms now (amount removed, no band): the statement cannot be current either, said by the gate
  }
}

/** The application's latest statement and how it stands, or null when none was issued. */
export async function currentKfs(q: Queryable, app: ApplicationRow, now = new Date()) {
  const row = await latestRow(q, app.application_id);
  if (!row) return null;
  const h = await hashNow(q, app, now);
  return view(row, h === null ? 'TERMS_CHANGED' : stateOf(row, h, now));
}

/**
 * Issues a statement for the application's current terms (its product's pricing now): a unique proposal number
 * (application, version and a random part), valid until 3 working days after today (weekends skipped), the PDF in the
 * applicant's language filed as a GENERATED document; older statements become SUPERSEDED; an audit row. All or nothing.
 */
export async function issueKfs(ctx: { db: Db; store: BlobStore; user: CurrentUser; app: ApplicationRow }, lang: 'en' | 'hi', now = new Date()) {
  const { db, app } = ctx;
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}`);
  const terms = await currentTerms(db, app, now);
  const prev = await latestRow(db, app.application_id);
  const version = (prev?.version ?? 0) + 1;
  const proposalNo = `${app.application_id}-K${version}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const validUntil = addWorkingDays(isoDay(now), KFS_VALID_WORKING_DAYS);
  const { rows: products } = await db.query<{ product_name: string }>(`SELECT product_name FROM products WHERE product_code = $1`, [app.product_code]);
  const blocks = statementBlocks({
    proposalNo, applicationId: app.application_id, productName: await productNameIn(db, products[0]?.product_name ?? app.product_code, lang), borrower: app.applicant_name || app.application_id,
    issuedOn: isoDay(now), validUntil, terms, grievance: await grievanceOfficer(db), coolingOffDays: await coolingOffDays(db, '*', app.product_code),
  }, lang);
  const pdf = await renderPdf(blocks, { title: `KFS ${proposalNo}`, lang, footer: await grievanceFooter(db, lang) });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const prepared = await prepareDocument({ store: ctx.store, user: ctx.user, app, now }, { source: pdf, name: `kfs-${proposalNo}-${lang}.pdf`, declaredMime: 'application/pdf' }, { docType: 'KEY_FACT_STATEMENT', fieldKey: 'generated' }, {
    kind: 'GENERATED', source: 'GENERATED', allowed: ['pdf'], action: 'DOCUMENT_GENERATED', comment: { key: 'kfsGeneratedLog', params: { proposalNo, lang }, names: { hi: { lang: LANGUAGE_NAMES_HI[lang] } } }, detail: { proposalNo, lang },
  });
  try {
    return await db.transaction(async (tx) => {
      await findApplication(tx, app.application_id, true); // one issue at a time per application
      const doc = await prepared.record(tx);
      await tx.query(`UPDATE kfs_statements SET status = 'SUPERSEDED' WHERE application_id = $1 AND status <> 'SUPERSEDED'`, [app.application_id]);
      const { rows } = await tx.query<KfsRow>(
        `INSERT INTO kfs_statements (kfs_id, proposal_no, application_id, version, lang, terms, terms_hash, file_id, sha256, status, issued_by, issued_at, valid_until)
         VALUES ($1,$2,$3,$4,$5,$6::jsonb,$7,$8,$9,'ISSUED',$10,$11,$12) RETURNING *`,
        [`KFS-${randomBytes(8).toString('hex')}`, proposalNo, app.application_id, version, lang, JSON.stringify(terms), termsHash(terms), doc.file_id, sha256, ctx.user.userName, now, validUntil],
      );
      await writeAudits(tx, app.application_id, 'kfs_issued', ctx.user.userName, now, [{ key: 'kfs', old: prev ? { proposalNo: prev.proposal_no, status: prev.status } : null, new: { proposalNo, status: 'ISSUED', validUntil } }], { apr: terms.apr, pricingVersion: terms.pricingVersion });
      return view(rows[0], 'ISSUED');
    });
  } catch (e) {
    await prepared.discard();
    throw e;
  }
}

/** The primary applicant's contact for the acceptance code: their verified mobile, else the mobile or e-mail they gave. */
function contactOf(app: ApplicationRow): { applicantId: string; recipient: string } {
  const applicants = (app.doc.applicant ?? []) as PortalApplicant[];
  const primary = applicants.find((a) => a.type === 'primary') ?? applicants[0];
  if (!primary) throw refused('applicant', 'The application has no applicant to accept the Key Fact Statement');
  const recipient = verifiedRecipient(app.doc, primary.applicantId, 'mobileOtp') ?? primary.mobile ?? primary.email;
  if (!recipient) throw refused('applicant', 'The applicant has no mobile number or e-mail address recorded to send the code to');
  return { applicantId: primary.applicantId, recipient };
}

async function acceptable(q: Queryable, app: ApplicationRow, proposalNo: string, now: Date, lock = false): Promise<KfsRow> {
  const row = await latestRow(q, app.application_id, lock);
  if (!row || row.proposal_no !== proposalNo) throw notFound('proposalNo', 'This Key Fact Statement is not the application\'s current one');
  const state = stateOf(row, await hashNow(q, app, now), now);
  if (state === 'ACCEPTED') throw refused('proposalNo', 'This Key Fact Statement is already accepted');
  if (state === 'EXPIRED') throw refused('proposalNo', 'This Key Fact Statement has expired; the lender will issue a new one');
  if (state === 'TERMS_CHANGED') throw refused('proposalNo', 'The loan terms have changed since this Key Fact Statement; the lender will issue a new one');
  return row;
}

/** Sends the acceptance code to the primary applicant's recorded contact (never one the caller names). */
export async function sendKfsCode(q: Queryable, notifier: Notifier, requestedBy: string, app: ApplicationRow, proposalNo: string, now = new Date()) {
  await acceptable(q, app, proposalNo, now);
  const c = contactOf(app);
  return sendOtp(q, notifier, requestedBy, { applicationId: app.application_id, applicantId: c.applicantId, fieldKey: KFS_OTP_FIELD }, c.recipient, now);
}

/**
 * The applicant accepts the statement with the code: recorded on the row (who, when, channel OTP, where the code went,
 * the PDF's hash stays on it) and in the audit. A wrong code answers accepted: false with the OTP check's reason.
 */
export async function acceptKfs(tx: Queryable, app: ApplicationRow, proposalNo: string, code: string, by: string, now = new Date()): Promise<{ accepted: boolean; check: OtpCheck; kfs: KfsView | null }> {
  const row = await acceptable(tx, app, proposalNo, now, true);
  const c = contactOf(app);
  const check = await verifyOtp(tx, { applicationId: app.application_id, applicantId: c.applicantId, fieldKey: KFS_OTP_FIELD }, c.recipient, code, by, now);
  if (!check.verified) return { accepted: false, check, kfs: null };
  const { rows } = await tx.query<KfsRow>(
    `UPDATE kfs_statements SET status = 'ACCEPTED', accepted_by = $2, accepted_at = $3, accepted_channel = 'OTP', accepted_to = $4 WHERE kfs_id = $1 RETURNING *`,
    [row.kfs_id, c.applicantId, now, maskRecipient(c.recipient)],
  );
  await writeAudits(tx, app.application_id, 'kfs_accepted', by, now, [{ key: 'kfs', old: { proposalNo, status: 'ISSUED' }, new: { proposalNo, status: 'ACCEPTED' } }], { applicantId: c.applicantId, channel: 'OTP', sha256: row.sha256, termsHash: row.terms_hash });
  return { accepted: true, check, kfs: view(rows[0], 'ACCEPTED') };
}

/**
 * The loan-creation gate: an ACCEPTED statement, not past its validity, whose terms are the application's current
 * ones. Otherwise 400/1101 labelled KFS, saying what is missing.
 */
export async function kfsBlocker(q: Queryable, app: ApplicationRow, now = new Date()): Promise<string | null> {
  return (await kfsBlockerText(q, app, now))?.reason ?? null;
}

/** kfsBlocker with its text as a key of the language files (block loanBlockerTexts), for the credit tab. */
export async function kfsBlockerText(q: Queryable, app: ApplicationRow, now = new Date()): Promise<{ reason: string; text: BlockerText } | null> {
  const row = await latestRow(q, app.application_id);
  if (!row) return { reason: 'No Key Fact Statement was issued: issue one and have the applicant accept it before the loan is created', text: { key: 'kfsMissing' } };
  const state = stateOf(row, await hashNow(q, app, now), now);
  const params = { proposalNo: row.proposal_no };
  if (state === 'TERMS_CHANGED') return { reason: `The terms changed after Key Fact Statement ${row.proposal_no}: issue a new one for the applicant to accept`, text: { key: 'kfsTermsChanged', params } };
  if (state === 'EXPIRED') return { reason: `Key Fact Statement ${row.proposal_no} expired on ${dayOf(row.valid_until)}: issue a new one`, text: { key: 'kfsExpired', params: { ...params, date: dayOf(row.valid_until) } } };
  if (state !== 'ACCEPTED') return { reason: `The applicant has not accepted Key Fact Statement ${row.proposal_no} yet`, text: { key: 'kfsNotAccepted', params } };
  return null;
}

/** The file id of one of the application's statements (for its download), or 404. */
export async function kfsFileId(q: Queryable, applicationId: string, proposalNo: string): Promise<string> {
  const { rows } = await q.query<{ file_id: string | null }>(`SELECT file_id FROM kfs_statements WHERE application_id = $1 AND proposal_no = $2`, [applicationId, proposalNo]);
  if (!rows[0]?.file_id) throw notFound('proposalNo', 'Key Fact Statement not found');
  return rows[0].file_id;
}
