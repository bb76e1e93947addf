import type { Notifier } from '../../adapters/notify';
import type { Db } from '../../db/db';
import { writeAudits } from '../applications/audit';
import type { ApplicationRow } from '../applications/row';
import { maskValue } from '../credit/mask';
import { readVerified } from '../documents/read';
import type { DocumentRow } from '../documents/rows';
import type { BlobStore } from '../documents/storage';
import { insertWorklog } from '../tasks/worklog-text';

/**
 * The loan documents a borrower signs or accepts: the key-fact statement, the sanction letter and the loan agreement,
 * as the application's GENERATED documents of those templates (doc_type = the template id).
 */
export const SIGNED_DOCUMENT_TYPES = ['KEY_FACT_STATEMENT', 'SANCTION_LETTER', 'LOAN_AGREEMENT'] as const;
const TITLES: Record<string, string> = { KEY_FACT_STATEMENT: 'Key Fact Statement', SANCTION_LETTER: 'Sanction letter', LOAN_AGREEMENT: 'Loan agreement' };
const SYSTEM = 'system';

export interface SendDeps {
  db: Db;
  files: BlobStore;
  notifier: Notifier;
}

/** The borrower's recorded e-mail: the application's, else the primary applicant's answer. */
function recordedEmail(app: ApplicationRow): string | null {
  const list = Array.isArray(app.doc.applicant) ? app.doc.applicant : [];
  const p = list.find((a) => a.type === 'primary') ?? list[0] ?? {};
  const e = app.email ?? (typeof app.custom_fields.email === 'string' ? app.custom_fields.email : null) ?? (typeof p.email === 'string' ? p.email : null);
  return e && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e.trim()) ? e.trim() : null;
}

/**
 * Sends the borrower, by e-mail to their recorded address, each current version of the signed documents (`types`) not
 * sent yet, as a PDF attachment, with a worklog entry and an audit row per document. Exactly once per document
 * version: each is claimed by its row in loan_documents_sent (primary key application + document + version) in the
 * transaction that sends it; a failed send rolls the claim back, so the next trigger tries again. Called when the
 * documents become binding: the loan's creation confirmed by core banking (the sanction letter and agreement the
 * borrower signed are executed), and — for the key-fact statement — its acceptance. Answers what it sent.
 */
export async function sendSignedDocuments(deps: SendDeps, applicationId: string, trigger: string, types: readonly string[] = SIGNED_DOCUMENT_TYPES, now = new Date()) {
  const { rows: apps } = await deps.db.query<ApplicationRow>(`SELECT * FROM applications WHERE application_id = $1`, [applicationId]);
  const app = apps[0];
  if (!app) return [];
  const { rows: docs } = await deps.db.query<DocumentRow>(
    `SELECT d.* FROM documents d
      WHERE d.application_id = $1 AND d.kind = 'GENERATED' AND d.doc_type = ANY($2::text[]) AND d.superseded_by IS NULL AND d.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM loan_documents_sent s WHERE s.application_id = d.application_id AND s.doc_id = d.doc_id AND s.version = d.version)
      ORDER BY d.created_at`,
    [applicationId, [...types]],
  );
  if (!docs.length) return [];
  const to = recordedEmail(app);
  if (!to) {
    await insertWorklog(deps.db, {
      applicationId, taskId: null, userId: SYSTEM, action: 'loan_documents_not_sent', at: now,
      text: { key: 'loanDocumentsNotSentLog', params: { names: docs.map((d) => d.name).join(', ') } },
    });
    return [];
  }
  const sent: { docId: string; version: number; messageId: string }[] = [];
  for (const d of docs) {
    await deps.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `INSERT INTO loan_documents_sent (application_id, doc_id, version, doc_type, sent_to, message_id, sent_at) VALUES ($1,$2,$3,$4,$5,'',$6)
         ON CONFLICT DO NOTHING RETURNING doc_id`,
        [applicationId, d.doc_id, d.version, d.doc_type, to, now],
      );
      if (!claimed.rows.length) return; // another trigger sent it meanwhile
      const title = TITLES[d.doc_type ?? ''] ?? d.name;
      const message = await deps.notifier.send({
        channel: 'EMAIL',
        to,
        subject: `Your signed loan documents for ${applicationId}: ${title}`,
        body: `Dear ${app.applicant_name},\n\nAttached is your ${title} (${d.name}, version ${d.version}) for loan application ${applicationId}, as signed. Keep it for your records.\n\nIf you have a complaint, contact the lender's grievance officer.`,
        attachments: [{ name: d.name, mime: d.mime, content: await readVerified(deps.files, d) }],
      });
      await tx.query(`UPDATE loan_documents_sent SET message_id = $4 WHERE application_id = $1 AND doc_id = $2 AND version = $3`, [applicationId, d.doc_id, d.version, message.messageId]);
      await writeAudits(tx, applicationId, 'loan_documents_sent', SYSTEM, now, [{ key: `documents.${d.doc_id}.sent`, old: null, new: { version: d.version, docType: d.doc_type, to: maskValue('email', to), messageId: message.messageId, trigger } }]);
      // The document's title and why it went, in the reader's language (a type without a title: its file name).
      await insertWorklog(tx, {
        applicationId, taskId: null, userId: SYSTEM, action: 'loan_documents_sent', at: now,
        text: {
          key: 'loanDocumentSentLog', params: { title: TITLES[d.doc_type ?? ''] ? d.doc_type! : d.name, name: d.name, version: d.version, email: String(maskValue('email', to)), trigger },
          terms: { ...(TITLES[d.doc_type ?? ''] ? { title: 'loanDocument' } : {}), trigger: 'loanDocumentTrigger' },
        },
      });
      sent.push({ docId: d.doc_id, version: d.version, messageId: message.messageId });
    });
  }
  return sent;
}

/**
 * At start: the loans confirmed in the last `days` days whose signed documents were not all sent (a server stopped
 * between the confirmation's commit and the e-mail) get them now; sendSignedDocuments skips what was sent.
 */
export async function sendMissedLoanDocuments(deps: SendDeps, days = 7, now = new Date()) {
  const { rows } = await deps.db.query<{ application_id: string }>(
    `SELECT application_id FROM integration_calls WHERE operation = 'LOAN_CREATION' AND state = 'CONFIRMED' AND updated_at > $1 ORDER BY updated_at LIMIT 1000`,
    [new Date(now.getTime() - days * 24 * 3600 * 1000)],
  );
  for (const r of rows) await sendSignedDocuments(deps, r.application_id, 'loan created', SIGNED_DOCUMENT_TYPES, now);
}
