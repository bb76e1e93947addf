/**
 * Bank-account verification (issue 27, money only to the borrower): asks the account's bank, through a verification
 * provider (a "penny drop" or a name lookup), whether the account number exists at the branch the IFSC names and who
 * holds it. The product then matches that name with the applicant's (domain/bank-accounts/name-match.ts); the
 * provider's own opinion of the match is not trusted.
 */

export interface AccountToVerify {
  applicationId: string;
  accountNumber: string;
  ifsc: string;
  /** The applicant's name, as providers that offer their own name check take it; the sandbox answers it for its accounts. */
  applicantName: string;
  /** The same on every attempt of the same verification: a provider that credits ₹1 does it once. */
  idempotencyKey: string;
}

export interface AccountVerification {
  /** VALID: the account exists and the bank named its holder; the others say why not. */
  status: 'VALID' | 'INVALID_ACCOUNT' | 'INVALID_IFSC';
  reference: string;
  /** The holder's name as the bank returned it (VALID only). */
  holderName: string | null;
  /** The provider's fields the product uses, as JSON text (never the body as sent). */
  raw: string;
}

export interface BankVerificationAdapter {
  readonly name: string;
  verify(account: AccountToVerify): Promise<AccountVerification>;
}
