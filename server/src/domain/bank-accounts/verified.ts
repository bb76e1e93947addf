import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { refused } from '../errors';
import { givenAccount, maskedAccount } from './account';
import { NAME_MATCH_THRESHOLD } from './name-match';

export type VerificationStatus = 'VERIFIED' | 'NAME_MISMATCH' | 'INVALID_ACCOUNT' | 'INVALID_IFSC';

export interface VerificationRow {
  id: string;
  application_id: string;
  account_number: string;
  ifsc: string;
  adapter: string;
  status: VerificationStatus;
  provider_ref: string | null;
  name_returned: string | null;
  name_expected: string;
  match_score: number | null;
  verified_by: string;
  verified_at: Date | string;
}

/** A verification as staff see it: the account by its last four digits, who asked and when, what the bank said. */
export function viewVerification(r: VerificationRow) {
  return {
    id: String(r.id),
    account: maskedAccount(r.account_number),
    ifsc: r.ifsc,
    status: r.status,
    verified: r.status === 'VERIFIED',
    adapter: r.adapter,
    sandbox: r.adapter === 'sandbox',
    reference: r.provider_ref,
    nameReturned: r.name_returned,
    nameExpected: r.name_expected,
    matchScore: r.match_score,
    threshold: NAME_MATCH_THRESHOLD,
    verifiedBy: r.verified_by,
    verifiedAt: new Date(r.verified_at).toISOString(),
  };
}

export async function verificationsOf(q: Queryable, applicationId: string): Promise<VerificationRow[]> {
  const { rows } = await q.query<VerificationRow>(`SELECT * FROM bank_account_verifications WHERE application_id = $1 ORDER BY id`, [applicationId]);
  return rows;
}

/**
 * The disbursement account of the application: the account of its LATEST verification, when that one is VERIFIED. A
 * later verification of another account (or a failed one) replaces it: money goes to the account staff checked last.
 */
export async function verifiedAccount(q: Queryable, applicationId: string): Promise<VerificationRow | null> {
  const { rows } = await q.query<VerificationRow>(`SELECT * FROM bank_account_verifications WHERE application_id = $1 ORDER BY id DESC LIMIT 1`, [applicationId]);
  return rows[0]?.status === 'VERIFIED' ? rows[0] : null;
}

/**
 * The gate of a disbursement (a tranche request and its release): 400 by label disbursementAccount unless the account
 * is verified for this application — and, when `sentTo` is given (the release), unless it is still the account the
 * tranche was requested to.
 */
export async function assertVerifiedAccount(q: Queryable, applicationId: string, sentTo?: { accountNumber?: unknown; ifsc?: unknown }): Promise<VerificationRow> {
  const v = await verifiedAccount(q, applicationId);
  if (!v) throw refused('disbursementAccount', 'The disbursement account is not verified as the applicant\'s own: verify the account on the Credit tab first');
  if (sentTo && (sentTo.accountNumber !== v.account_number || sentTo.ifsc !== v.ifsc)) {
    throw refused('disbursementAccount', 'This tranche was requested to an account that is no longer the verified disbursement account: return it and request it again');
  }
  return v;
}

/** What the Credit tab shows: the account the applicant gave (to prefill), the verifications, the one money goes to. */
export async function bankAccountOf(q: Queryable, app: ApplicationRow) {
  const rows = await verificationsOf(q, app.application_id);
  const last = rows[rows.length - 1];
  return {
    given: givenAccount(app),
    verified: last?.status === 'VERIFIED' ? viewVerification(last) : null,
    verifications: rows.map(viewVerification),
  };
}
