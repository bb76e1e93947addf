import type { Db } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import type { BlobStore } from '../documents/storage';
import type { CurrentUser } from '../current-user';
import { findApplication, type ApplicationRow } from '../applications/row';
import type { Rejection } from '../applications/reversal';
import { addDocument, LANGUAGE_NAMES_HI } from '../documents/changes';
import { renderPdf } from '../documents/pdf/render';
import { grievanceLine, grievanceOfficer } from '../config/grievance';
import { applicantLanguage } from '../consent/applicant-language';
import { applicantEmail } from '../consent/links';
import type { PortalApplicant } from '../portal/applicants';

/**
 * Decline with reasons (Fair Practices Code: the main reasons for rejecting a loan application conveyed in writing).
 * When an application becomes REJECTED, a letter in the applicant's language — the reasons by their applicant-facing
 * text (never the internal code) and the grievance route — is filed as a GENERATED document on the application and
 * e-mailed to the applicant's recorded address; the portal's status page shows the same reasons (declineView).
 */

/** The applicant-facing text of the demo products' decline reasons (migration 081), keyed by code. */
const REASON_TEXT: Record<string, { en: string; hi: string }> = {
  INCOME_NOT_VERIFIED: { en: 'We could not verify your income.', hi: 'हम आपकी आय की पुष्टि नहीं कर सके।' },
  POOR_CREDIT_HISTORY: { en: 'Your credit history does not meet our lending criteria.', hi: 'आपका क्रेडिट इतिहास हमारे ऋण मानदंडों को पूरा नहीं करता।' },
  HIGH_OBLIGATIONS: { en: 'Your existing loan repayments are too high for this loan.', hi: 'इस ऋण के लिए आपकी मौजूदा ऋण किस्तें बहुत अधिक हैं।' },
  POLICY_NOT_MET: { en: "The application is outside this product's lending policy.", hi: 'आवेदन इस उत्पाद की ऋण नीति के बाहर है।' },
  DOCUMENTS_NOT_GENUINE: { en: 'We could not verify your documents as genuine.', hi: 'हम आपके दस्तावेज़ों की प्रामाणिकता की पुष्टि नहीं कर सके।' },
  APPLICANT_WITHDREW: { en: 'You withdrew the application.', hi: 'आपने आवेदन वापस ले लिया।' },
};

type Lang = 'en' | 'hi';

/** The reason as the applicant reads it: the text of its code, else the configured label (a reason without a code). */
export function reasonText(r: Pick<Rejection, 'reason' | 'reasonCode'>, lang: Lang): string {
  const known = r.reasonCode ? REASON_TEXT[r.reasonCode] : undefined;
  return known ? known[lang] : r.reason;
}

/** The applicant's language (consent/applicant-language.ts). */
const languageOf = (db: Db, app: ApplicationRow): Promise<Lang> => applicantLanguage(db, app.application_id);

const WORDS = {
  en: {
    title: 'Your loan application', dear: (n: string) => `Dear ${n},`,
    body: (id: string) => `We have carefully considered your application ${id} and regret that we are unable to offer you the loan. The main reasons are:`,
    grievanceHeading: 'If you disagree', grievance: 'You may write to our grievance officer, who will reply within 30 days. If your complaint is not resolved within 30 days, you may take it to the Reserve Bank of India\'s Integrated Ombudsman (cms.rbi.org.in).',
    noOfficer: 'Contact your branch to raise a grievance.', subject: 'The decision on your loan application',
  },
  hi: {
    title: 'आपका ऋण आवेदन', dear: (n: string) => `प्रिय ${n},`,
    body: (id: string) => `हमने आपके आवेदन ${id} पर ध्यान से विचार किया है और खेद है कि हम आपको ऋण नहीं दे सकते। मुख्य कारण हैं:`,
    grievanceHeading: 'यदि आप असहमत हैं', grievance: 'आप हमारे शिकायत अधिकारी को लिख सकते हैं, जो 30 दिनों में उत्तर देंगे। यदि 30 दिनों में आपकी शिकायत का समाधान नहीं होता, तो आप भारतीय रिज़र्व बैंक के एकीकृत लोकपाल (cms.rbi.org.in) के पास जा सकते हैं।',
    noOfficer: 'शिकायत दर्ज करने के लिए अपनी शाखा से संपर्क करें।', subject: 'आपके ऋण आवेदन पर निर्णय',
  },
} as const;

export interface DeclineView {
  declined: boolean;
  reasons: string[];
  lang: Lang;
  letterFileId: string | null;
}

/** What the portal's status page shows of a decline: the reasons as the applicant reads them, and the letter. */
export async function declineView(db: Db, app: ApplicationRow, lang?: string): Promise<DeclineView> {
  const rejection = app.doc.rejection as Rejection | undefined;
  const l: Lang = lang === 'hi' ? 'hi' : lang === 'en' ? 'en' : await languageOf(db, app);
  if (app.status !== 'REJECTED' || !rejection || (rejection as { withdrawn?: unknown }).withdrawn) return { declined: false, reasons: [], lang: l, letterFileId: null };
  const { rows } = await db.query<{ file_id: string }>(
    `SELECT file_id FROM documents WHERE application_id = $1 AND doc_type = 'DECLINE_LETTER' AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [app.application_id],
  );
  return { declined: true, reasons: [reasonText(rejection, l)], lang: l, letterFileId: rows[0]?.file_id ?? null };
}

/**
 * After a decision rejected the application (called by the routes once its transaction committed): renders the letter,
 * files it and e-mails it. Once per rejection (a letter filed since the rejection is not repeated). A failure here
 * does not undo the decision: it is logged, and the letter is produced by the next call (a retried decision read).
 */
export async function sendDeclineLetter(db: Db, store: BlobStore, notifier: Notifier, user: CurrentUser, applicationId: string, now = new Date()) {
  const app = await findApplication(db, applicationId);
  const rejection = app.doc.rejection as Rejection | undefined;
  if (app.status !== 'REJECTED' || !rejection) return null;
  const { rows } = await db.query(`SELECT 1 FROM documents WHERE application_id = $1 AND doc_type = 'DECLINE_LETTER' AND created_at >= $2`, [app.application_id, rejection.at]);
  if (rows.length) return null;
  const lang = await languageOf(db, app);
  const w = WORDS[lang];
  const officer = await grievanceOfficer(db);
  const primary = ((app.doc.applicant ?? []) as PortalApplicant[]).find((a) => a.type === 'primary');
  const name = app.applicant_name || [primary?.firstName, primary?.lastName].filter(Boolean).join(' ') || app.application_id;
  const reason = reasonText(rejection, lang);
  const grievance = officer ? grievanceLine(officer, lang) : w.noOfficer;
  const pdf = await renderPdf([
    { type: 'title', text: w.title },
    { type: 'paragraph', text: now.toISOString().slice(0, 10).split('-').reverse().join('/') },
    { type: 'paragraph', text: w.dear(name) },
    { type: 'paragraph', text: w.body(app.application_id) },
    { type: 'paragraph', text: `• ${reason}` },
    { type: 'heading', text: w.grievanceHeading },
    { type: 'paragraph', text: w.grievance },
    { type: 'paragraph', text: grievance },
  ], { title: w.title, lang, footer: officer ? grievanceLine(officer, lang) : undefined });
  const fileName = `decline-letter-${app.application_id}.pdf`;
  const doc = await addDocument({ db, store, user, app, now }, { source: pdf, name: fileName, declaredMime: 'application/pdf' }, { applicantId: primary?.applicantId, docType: 'DECLINE_LETTER', fieldKey: 'generated' }, {
    kind: 'GENERATED', source: 'GENERATED', allowed: ['pdf'], action: 'DOCUMENT_GENERATED', comment: { key: 'declineLetterGeneratedLog', params: { lang }, names: { hi: { lang: LANGUAGE_NAMES_HI[lang] } } }, detail: { lang, reasonCode: rejection.reasonCode ?? null },
  });
  const to = primary ? applicantEmail(app, primary) : app.email;
  const mail = to
    ? await notifier.send({ channel: 'EMAIL', to, subject: w.subject, body: `${w.dear(name)}\n\n${w.body(app.application_id)}\n• ${reason}\n\n${w.grievance}\n${grievance}` })
    : null;
  return { document: doc, mail, lang };
}
