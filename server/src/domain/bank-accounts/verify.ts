import { createHash } from 'node:crypto';
import { AdapterError } from '../../adapters/credit';
import { bankVerificationAdapter } from '../../adapters/bank-verification';
import type { Db } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { findApplication } from '../applications/row';
import { systemConfig } from '../credit/config';
import { externalFailure } from '../credit/review';
import { isStaff, mayAct, type CurrentUser } from '../current-user';
import { permissionMissing, refused } from '../errors';
import { applicantNameOf, givenAccount, maskedAccount } from './account';
import { nameMatchScore, NAME_MATCH_THRESHOLD } from './name-match';
import { insertWorklog } from '../tasks/worklog-text';
import { viewVerification, type VerificationRow, type VerificationStatus } from './verified';

export interface VerifyInput {
  application_id: string;
  /** Absent: the account the applicant gave in the flow. */
  accountNumber?: string;
  ifsc?: string;
}

const WORDS: Record<VerificationStatus, string> = {
  VERIFIED: 'verified',
  NAME_MISMATCH: 'not verified: the holder\'s name does not match the applicant\'s',
  INVALID_ACCOUNT: 'not verified: no such account at that branch',
  INVALID_IFSC: 'not verified: no such branch (IFSC)',
};

/**
 * Verify account (POST /integration/bankAccount/verify): asks the tenant's BANK_VERIFICATION adapter who holds the
 * account, matches that name with the applicant's (name-match.ts) and records the outcome — who, when, the provider's
 * reference, the name returned, the score — with an audit row (account masked) and a worklog entry. Idempotent: the
 * provider gets one key per application and account (a retry is one ₹1 penny drop), and an account already VERIFIED
 * as the latest outcome is answered from the record (replayed) without asking again. A provider without an answer is
 * the credit adapters' 424 naming BANK_VERIFICATION, audited; nothing is recorded as verified.
 */
export async function verifyBankAccount(ctx: { db: Db; user: CurrentUser; tenant: string; now?: Date }, input: VerifyInput) {
  const { db, user } = ctx;
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  const app = await findApplication(db, input.application_id);
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}; accounts are verified only on an ACTIVE application`);
  if (!input.accountNumber !== !input.ifsc) throw refused(input.accountNumber ? 'ifsc' : 'accountNumber', 'Send both the account number and the IFSC, or neither to verify the account the applicant gave');
  const given = givenAccount(app);
  const account = input.accountNumber && input.ifsc ? { accountNumber: input.accountNumber, ifsc: input.ifsc } : given;
  if (!account) throw refused('accountNumber', 'The applicant gave no bank account: enter the account number and IFSC');
  const expected = applicantNameOf(app);
  if (!expected) throw refused('applicant', 'The application has no applicant name to match the account holder with');

  const { rows: last } = await db.query<VerificationRow>(`SELECT * FROM bank_account_verifications WHERE application_id = $1 ORDER BY id DESC LIMIT 1`, [app.application_id]);
  if (last[0]?.status === 'VERIFIED' && last[0].account_number === account.accountNumber && last[0].ifsc === account.ifsc) {
    return { data: viewVerification(last[0]), replayed: true, message: `Account ${maskedAccount(account.accountNumber)} is already verified` };
  }

  const key = `BAV-${app.application_id}-${createHash('sha256').update(`${account.accountNumber}|${account.ifsc}`).digest('hex').slice(0, 16)}`;
  const config = await systemConfig(db, ctx.tenant, 'BANK_VERIFICATION');
  const sent = { accountNumber: maskedAccount(account.accountNumber), ifsc: account.ifsc, idempotencyKey: key };
  let answer;
  let adapterName = 'sandbox';
  try {
    const adapter = bankVerificationAdapter(config, ctx.tenant);
    adapterName = adapter.name;
    answer = await adapter.verify({ applicationId: app.application_id, ...account, applicantName: expected, idempotencyKey: key });
  } catch (e) {
    if (!(e instanceof AdapterError)) throw e;
    const now = ctx.now ?? new Date();
    await db.transaction(async (tx) => {
      await writeAudits(tx, app.application_id, 'external_call', user.userName, now, [{ key: 'external.BANK_VERIFICATION', old: null, new: { sent, failed: { kind: e.kind, reason: e.message } } }], { system: 'BANK_VERIFICATION' });
      // Keyed as every failed external call (credit/review.ts): English keeps the adapter's message, Hindi names the kind.
      await insertWorklog(tx, {
        applicationId: app.application_id, taskId: app.cur_task_id, userId: user.userName, action: 'external_call', at: now,
        text: { key: 'externalCallFailedLog', params: { system: 'BANK_VERIFICATION', reason: e.message, failure: e.kind }, terms: { system: 'creditSystem', failure: 'adapterFailure' } },
      });
    });
    throw externalFailure('BANK_VERIFICATION', e);
  }

  const score = answer.holderName ? nameMatchScore(expected, answer.holderName) : null;
  const status: VerificationStatus = answer.status === 'VALID' ? (score !== null && score >= NAME_MATCH_THRESHOLD ? 'VERIFIED' : 'NAME_MISMATCH') : answer.status;
  const now = ctx.now ?? new Date();
  const row = await db.transaction(async (tx) => {
    const { rows } = await tx.query<VerificationRow>(
      `INSERT INTO bank_account_verifications (application_id, account_number, ifsc, adapter, status, provider_ref, name_returned, name_expected, match_score, verified_by, verified_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING *`,
      [app.application_id, account.accountNumber, account.ifsc, adapterName, status, answer.reference, answer.holderName, expected, score, user.userName, now],
    );
    await writeAudits(tx, app.application_id, 'bank_account_verification', user.userName, now, [{
      key: 'disbursementAccount', old: null,
      new: { account: maskedAccount(account.accountNumber), ifsc: account.ifsc, status, adapter: adapterName, reference: answer.reference, nameReturned: answer.holderName, matchScore: score, threshold: NAME_MATCH_THRESHOLD },
    }], { system: 'BANK_VERIFICATION' });
    await insertWorklog(tx, {
      applicationId: app.application_id, taskId: app.cur_task_id, userId: user.userName, action: 'bank_account_verification', at: now,
      text: {
        key: answer.holderName ? 'bankAccountVerifiedNamedLog' : 'bankAccountVerifiedLog',
        params: { account: maskedAccount(account.accountNumber), ifsc: account.ifsc, status, holder: answer.holderName ?? '', score: score ?? '', reference: answer.reference },
        terms: { status: 'bankVerification' },
        parts: { adapter: adapterName === 'sandbox' ? { key: 'bankVerificationSandbox', params: {} } : { key: 'bankVerificationAdapter', params: { adapter: adapterName } } },
      },
    });
    return rows[0];
  });
  return { data: viewVerification(row), replayed: false, message: `Account ${maskedAccount(account.accountNumber)} ${WORDS[status]}` };
}
