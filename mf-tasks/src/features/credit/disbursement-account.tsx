import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '@lendline/shared';
import { Button, TextField } from '@lendline/shared/ui';
import type { BankAccount, BankVerification } from './credit-api';
import { useCreditStore } from './credit-store';
import { when } from './when';

const STATUS_WORDS: Record<BankVerification['status'], string> = {
  VERIFIED: 'Verified',
  NAME_MISMATCH: "Not verified: the holder's name does not match the applicant's",
  INVALID_ACCOUNT: 'Not verified: no such account at that branch',
  INVALID_IFSC: 'Not verified: no such branch (IFSC)',
};

/**
 * The disbursement account (issue 27, money only to the borrower): starts with the account the applicant gave in the
 * flow, "Verify account" asks the bank who holds it, and the outcome shows the name the bank returned and how well it
 * matches the applicant's. A tranche goes only to the verified account (the server refuses any other).
 */
export function DisbursementAccount({ bankAccount }: { bankAccount: BankAccount }) {
  const t = useT();
  const { busy, verifyAccount } = useCreditStore();
  const given = bankAccount.given;
  const [account, setAccount] = useState({ accountNumber: given?.accountNumber ?? '', ifsc: given?.ifsc ?? '' });
  // The review loads after the first render: prefill once the applicant's account is known, unless staff typed.
  useEffect(() => {
    if (given) setAccount((a) => (a.accountNumber || a.ifsc ? a : { ...given }));
  }, [given?.accountNumber, given?.ifsc]); // eslint-disable-line react-hooks/exhaustive-deps
  const last = bankAccount.verifications[bankAccount.verifications.length - 1];
  const status = (v: BankVerification) => t(`bankAccount.status.${v.status}`, undefined, STATUS_WORDS[v.status]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void verifyAccount(account);
  };
  const valid = /^[0-9]{6,18}$/.test(account.accountNumber) && /^[A-Z]{4}0[A-Z0-9]{6}$/.test(account.ifsc);
  return (
    <div data-testid="disbursement-account">
      <h4>{t('bankAccount.title', undefined, 'Disbursement account')}</h4>
      {!given && <p className="ll-muted">{t('bankAccount.noneGiven', undefined, 'The applicant gave no bank account in the application: enter it.')}</p>}
      <form onSubmit={submit} aria-label={t('bankAccount.form', undefined, 'Verify the disbursement account')}>
        <TextField label={t('bankAccount.accountNumber', undefined, 'Account number')} value={account.accountNumber} inputMode="numeric" onChange={(v) => setAccount({ ...account, accountNumber: v.trim() })} testId="bank-account-number" />
        <TextField label={t('bankAccount.ifsc', undefined, 'IFSC')} value={account.ifsc} onChange={(v) => setAccount({ ...account, ifsc: v.trim().toUpperCase() })} testId="bank-account-ifsc" />
        <Button type="submit" isDisabled={!!busy || !valid} testId="bank-account-verify">
          {busy === 'verify' ? t('bankAccount.verifying', undefined, 'Verifying…') : t('bankAccount.verify', undefined, 'Verify account')}
        </Button>
      </form>
      {last && (
        <p role="status" className="ll-notice" data-testid="bank-account-result" data-status={last.status}>
          <strong>{status(last)}</strong>
          {last.nameReturned && ` · ${t('bankAccount.bankNames', { name: last.nameReturned, score: last.matchScore ?? 0, threshold: last.threshold }, 'the bank names {name} (match {score}/100, at least {threshold} needed)')}`}
          {` · ${last.account} · ${last.ifsc}`}
          {last.sandbox && (
            <>
              <br />
              <small data-testid="bank-account-sandbox">{t('bankAccount.sandbox', undefined, 'Sandbox: no bank was asked; the demo answers from the application.')}</small>
            </>
          )}
        </p>
      )}
      {bankAccount.verifications.length > 0 && (
        <table data-testid="bank-account-history">
          <caption>{t('bankAccount.history', undefined, 'Verifications')}</caption>
          <thead>
            <tr>
              <th>{t('bankAccount.when', undefined, 'When')}</th>
              <th>{t('bankAccount.by', undefined, 'By')}</th>
              <th>{t('bankAccount.account', undefined, 'Account')}</th>
              <th>{t('bankAccount.outcome', undefined, 'Outcome')}</th>
              <th>{t('bankAccount.reference', undefined, 'Reference')}</th>
            </tr>
          </thead>
          <tbody>
            {[...bankAccount.verifications].reverse().map((v) => (
              <tr key={v.id}>
                <td>{when(v.verifiedAt)}</td>
                <td>{v.verifiedBy}</td>
                <td>{v.account} · {v.ifsc}</td>
                <td>{status(v)}{v.nameReturned ? ` — ${v.nameReturned} (${v.matchScore ?? 0}/100)` : ''}</td>
                <td>{v.reference ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
