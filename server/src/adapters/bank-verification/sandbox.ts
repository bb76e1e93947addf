import { createHash } from 'node:crypto';
import type { AccountVerification, BankVerificationAdapter } from './types';

/**
 * The demo's bank-account verification: deterministic, so a demo and the tests know the outcome from the input.
 * - An IFSC whose bank code is ZZZZ (ZZZZ0000001): no such branch (INVALID_IFSC).
 * - Account 000000000000: no such account at the branch (INVALID_ACCOUNT).
 * - Account 999999999999: held by "MEERA IYER" — someone else, so the name match fails.
 * - Any other account: held by the applicant, with the name in capitals and the surname first, as many banks return it.
 * Every answer says it came from the sandbox (adapter "sandbox", reference SBX-…): staff see that no bank was asked.
 */
export const SANDBOX_ACCOUNTS = { invalidIfscBank: 'ZZZZ', noSuchAccount: '000000000000', someoneElse: '999999999999', someoneElseName: 'MEERA IYER' } as const;

export const sandboxBankVerification: BankVerificationAdapter = {
  name: 'sandbox',
  async verify(a) {
    const reference = `SBX-${createHash('sha256').update(a.idempotencyKey).digest('hex').slice(0, 12).toUpperCase()}`;
    const answer = (status: AccountVerification['status'], holderName: string | null): AccountVerification => ({
      status, reference, holderName, raw: JSON.stringify({ reference, status, holderName, sandbox: true }),
    });
    if (a.ifsc.slice(0, 4) === SANDBOX_ACCOUNTS.invalidIfscBank) return answer('INVALID_IFSC', null);
    if (a.accountNumber === SANDBOX_ACCOUNTS.noSuchAccount) return answer('INVALID_ACCOUNT', null);
    if (a.accountNumber === SANDBOX_ACCOUNTS.someoneElse) return answer('VALID', SANDBOX_ACCOUNTS.someoneElseName);
    const words = a.applicantName.trim().toUpperCase().split(/\s+/).filter(Boolean);
    const holder = words.length > 1 ? [words[words.length - 1], ...words.slice(0, -1)].join(' ') : words.join(' ');
    return answer('VALID', holder || null);
  },
};
