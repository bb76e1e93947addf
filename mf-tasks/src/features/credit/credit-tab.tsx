import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { configName, formatDateTime, formatInr, sessionStore, useLabel, useLanguage, useT } from '@lendline/shared';
import { CREDIT, type Call, type CreditReview } from './credit-api';
import { decisionPath, pending, useCreditStore } from './credit-store';
import { DisbursementAccount } from './disbursement-account';
import { CoolingOffPanel } from './cooling-off-panel';
import { KfsBlock } from './kfs/kfs-block';
import { AlertIcon, CheckIcon, CloseIcon } from '@lendline/shared/ui/icons';
import { TextField } from '@lendline/shared/ui';

export interface CreditTabProps {
  applicationId: string;
  application?: { product_code?: string } | null;
  onChanged?: () => void;
}

const inr = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatInr(Math.round(n)));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const POLL_MS = 1000;

/**
 * Credit review and disbursement of one application (exposed as mf_tasks/CreditTab): pull the bureau and the
 * bank-statement analysis, read the reports, run the decision and see its reasons and deviations; then create the
 * loan, disburse tranches and register the mandate, and follow each money call (waiting for release by a second
 * person → queued → sent → confirmed, or failed with its reason and a retry); a releaser releases or returns a request
 * here. States and events are shown in words. The server enforces every rule; this shows what it answered.
 */
export function CreditTab({ applicationId, application, onChanged }: CreditTabProps) {
  const t = useT();
  const { review, busy, failed, load, run } = useCreditStore();
  useEffect(() => {
    void load(applicationId);
  }, [applicationId, load]);
  const moving = pending(review);
  useEffect(() => {
    if (!moving) return;
    const h = setInterval(() => void load(applicationId), POLL_MS);
    return () => clearInterval(h);
  }, [moving, applicationId, load]);

  if (failed && !review) return <p role="alert">{t('areas.credit.loadFailed', undefined, 'The credit review could not be loaded.')}</p>;
  if (!review || review.application_id !== applicationId) return <p aria-busy="true">{t('areas.credit.loading', undefined, 'Loading credit review…')}</p>;
  const act = async (...args: Parameters<typeof run>) => {
    if (await run(...args)) onChanged?.();
  };

  return (
    <section className="ll-credit" aria-label={t('areas.credit.title', undefined, 'Credit review and disbursement')} data-testid="credit-tab">
      <h3>{t('areas.credit.review', undefined, 'Credit review')}</h3>
      {!review.consent && (
        <p role="status" className="ll-notice" data-testid="credit-no-consent">
          {t('areas.credit.noConsent', undefined, 'The applicant has not consented to a bureau check: the bureau cannot be pulled.')}
        </p>
      )}
      <div role="toolbar" aria-label={t('areas.credit.reviewTools', undefined, 'Credit review tools')}>
        <button type="button" disabled={!!busy || !review.consent} onClick={() => act('bureau', CREDIT.bureau)} data-testid="credit-pull-bureau">
          {busy === 'bureau' ? t('areas.credit.pulling', undefined, 'Pulling…') : t('areas.credit.pullBureau', undefined, 'Pull bureau report')}
        </button>
        <button type="button" disabled={!!busy} onClick={() => act('bank', CREDIT.bankStatement)} data-testid="credit-pull-bank">
          {t('areas.credit.pullBank', undefined, 'Analyse bank statement')}
        </button>
        <button type="button" disabled={!!busy} onClick={() => act('decision', decisionPath(application?.product_code ?? ''))} data-testid="credit-run-decision">
          {t('areas.credit.runDecision', undefined, 'Run decision')}
        </button>
      </div>
      <Reports review={review} />
      <KfsBlock applicationId={applicationId} onChanged={() => { void load(applicationId); onChanged?.(); }} />
      <h3>{t('areas.credit.disbursement', undefined, 'Disbursement')}</h3>
      <Disbursement review={review} act={act} busy={!!busy} />
    </section>
  );
}

/** A decision rule's outcome as a mark: it is the only thing saying whether the rule passed, so it is labelled. */
function RuleMark({ passed, effect }: { passed: boolean; effect: string }) {
  const t = useT();
  if (passed) return <CheckIcon label={t('iconLabels.rulePassed', undefined, 'Passed')} />;
  if (effect === 'DECLINE') return <CloseIcon label={t('iconLabels.ruleDeclines', undefined, 'Failed: declines')} />;
  return <AlertIcon label={t('iconLabels.ruleRefers', undefined, 'Failed: refers for review')} />;
}

function Reports({ review }: { review: CreditReview }) {
  const t = useT();
  const label = useLabel();
  const bureau = review.reports.BUREAU?.summary;
  const bank = review.reports.BANK_STATEMENT?.summary;
  const decision = review.reports.DECISION?.summary;
  return (
    <>
      {bureau && (
        <div data-testid="credit-bureau">
          <h4>{t('areas.credit.bureau', undefined, 'Bureau report')}</h4>
          <p>
            {t('areas.credit.score', { score: bureau.score }, 'Score {score}')} · {t('areas.credit.obligations', { amount: inr(bureau.monthlyObligations) }, 'Obligations {amount}/month')}
          </p>
          <table>
            <thead>
              <tr><th>{t('areas.credit.lender', undefined, 'Lender')}</th><th>{t('areas.credit.type', undefined, 'Type')}</th><th>{t('areas.credit.outstanding', undefined, 'Outstanding')}</th><th>EMI</th><th>DPD</th><th>{t('areas.credit.status', undefined, 'Status')}</th></tr>
            </thead>
            <tbody>
              {bureau.accounts.map((a, i) => (
                <tr key={i}><td lang="en" /* the lender's name as the bureau reports it: data, not wording */>{a.lender}</td><td data-type={a.type}>{label('bureauAccountType', a.type)}</td><td>{inr(a.outstanding)}</td><td>{inr(a.emi)}</td><td>{a.dpd}</td><td>{label('bureauAccountStatus', a.status)}</td></tr>
              ))}
            </tbody>
          </table>
          <a href={CREDIT.raw(review.application_id, review.reports.BUREAU!.id)} download>{t('areas.credit.raw', undefined, 'Raw response')}</a>
        </div>
      )}
      {bank && (
        <div data-testid="credit-bank">
          <h4>{t('areas.credit.bank', undefined, 'Bank-statement analysis')}</h4>
          <p>
            {t('areas.credit.inflow', { amount: inr(bank.averageMonthlyInflow) }, 'Average inflow {amount}/month')} · {t('areas.credit.bounces', { n: bank.bounces }, '{n} bounce(s)')} · {t('areas.credit.emiDebits', { amount: inr(bank.emiObligations) }, 'EMI debits {amount}/month')}
          </p>
        </div>
      )}
      {decision && (
        <div data-testid="credit-decision">
          <h4>
            {t('areas.credit.decision', undefined, 'Decision')}: <strong data-testid="credit-outcome" data-outcome={decision.outcome}>{label('decisionOutcome', decision.outcome)}</strong>
          </h4>
          <p>
            {label('decisionRule', 'FOIR')} {pct(decision.netFinancing.foir)} ({t('areas.credit.cap', { cap: pct(decision.netFinancing.foirCap) }, 'cap {cap}')}) · {t('areas.credit.eligible', { amount: inr(decision.netFinancing.maxEligibleAmount) }, 'eligible {amount}')} · {t('areas.credit.netFinancing', { amount: inr(decision.netFinancing.netFinancingAmount) }, 'net financing {amount}')}
          </p>
          <ul aria-label={t('areas.credit.reasons', undefined, 'Reasons')}>
            {decision.rules.map((r) => (
              <li key={r.rule} data-testid="credit-rule" data-rule={r.rule} data-passed={r.passed}>
                <RuleMark passed={r.passed} effect={r.effect} /> {label('decisionRule', r.rule)}: {/* The decision engine's own words, in English: marked so, for screen readers too. */}
                <span lang="en">{r.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {review.deviations.length > 0 && (
        <div data-testid="credit-deviations">
          <h4>{t('areas.credit.deviations', undefined, 'Deviations')}</h4>
          <ul>
            {review.deviations.map((d) => (
              <li key={d.subTaskId}>
                {d.status === 'OPEN' ? t('areas.credit.waiting', undefined, 'Waiting for approval') : (d.resolution ? label('approvalDecision', d.resolution) : t('areas.credit.closed', undefined, 'Closed'))}: {d.deviations.map((x, i) => (
                  <span key={i}>
                    {i > 0 && '; '}
                    {label('decisionRule', x.key)} — <span lang="en">{x.reason}</span>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

const OP_LABELS: Record<Call['operation'], string> = { LOAN_CREATION: 'Loan creation', DISBURSEMENT_TRANCHE: 'Tranche', ACH_MANDATE: 'ACH mandate' };
const STATE_WORDS: Record<Call['state'], string> = {
  TO_RELEASE: 'To release', RETURNED: 'Returned', QUEUED: 'Queued', SENT: 'Sent', CONFIRMED: 'Confirmed', FAILED: 'Failed',
};
const EVENT_WORDS: Record<string, string> = {
  REQUESTED: 'Requested', ESCALATED: 'Escalated', RELEASED: 'Released', RETURNED: 'Returned', QUEUED: 'Queued', SENT: 'Sent',
  CONFIRMED: 'Confirmed', FAILED: 'Failed', RETRIED: 'Retried', RESUMED: 'Resumed',
};

function Disbursement({ review, act, busy }: { review: CreditReview; act: (...a: Parameters<ReturnType<typeof useCreditStore.getState>['run']>) => Promise<void>; busy: boolean }) {
  const t = useT();
  const lang = useLanguage();
  const me = useStore(sessionStore, (s) => s.user?.userName ?? null);
  const state = (c: Call) => t(`creditWording.states.${c.state}`, undefined, STATE_WORDS[c.state]);
  const event = (e: string) => t(`creditWording.events.${e}`, undefined, EVENT_WORDS[e] ?? e);
  const [amount, setAmount] = useState('');
  // The mandate debits the borrower's own account: it starts with the one the applicant gave and the name the bank returned.
  const [account, setAccount] = useState({
    accountNumber: review.bankAccount.given?.accountNumber ?? '',
    ifsc: review.bankAccount.given?.ifsc ?? '',
    accountHolder: review.bankAccount.verified?.nameReturned ?? '',
  });
  const verified = review.bankAccount.verified;
  // A returned request was never sent: its operation may be requested again.
  const loan = review.calls.find((c) => c.operation === 'LOAN_CREATION' && c.state !== 'RETURNED');
  const loanReady = loan?.state === 'CONFIRMED';
  // The next number: a returned tranche's own (requested again), else one above every tranche requested so far.
  const allTranches = review.calls.filter((c) => c.operation === 'DISBURSEMENT_TRANCHE').map((c) => c.trancheNo ?? 0);
  const returned = review.calls.filter((c) => c.operation === 'DISBURSEMENT_TRANCHE' && c.state === 'RETURNED').map((c) => c.trancheNo ?? 0);
  const nextTranche = returned.length ? Math.min(...returned) : Math.max(0, ...allTranches) + 1;
  // The formats the native inputs' patterns checked before they became kit fields (the server checks them again).
  const [formError, setFormError] = useState<{ amount?: string; account?: string; ifsc?: string; holder?: string }>({});
  const tranche = (e: FormEvent) => {
    e.preventDefault();
    const wrong = !/^[0-9]+(\.[0-9]{1,2})?$/.test(amount.trim());
    setFormError({ amount: wrong ? t('staffScreens.amountFormat', undefined, 'Enter the amount in rupees, with at most two decimals.') : undefined });
    if (!wrong) void act('tranche', CREDIT.tranche, { trancheNo: nextTranche, amount: Number(amount) });
  };
  const mandate = (e: FormEvent) => {
    e.preventDefault();
    const errors = {
      account: /^[0-9]{6,18}$/.test(account.accountNumber) ? undefined : t('staffScreens.accountFormat', undefined, 'An account number has 6 to 18 digits.'),
      ifsc: /^[A-Z]{4}0[A-Z0-9]{6}$/.test(account.ifsc) ? undefined : t('staffScreens.ifscFormat', undefined, 'An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits.'),
      holder: account.accountHolder.trim() ? undefined : t('staffScreens.required', undefined, 'Required.'),
    };
    setFormError(errors);
    if (!errors.account && !errors.ifsc && !errors.holder) void act('mandate', CREDIT.mandate, account);
  };
  return (
    <>
      {review.lending.status === 'COMPLETED' && (
        <p role="status" className="ll-notice" data-testid="credit-completed">
          {t('creditWording.completed', { amount: inr(review.lending.confirmed) }, 'Disbursed in full ({amount}): the application is completed.')}
        </p>
      )}
      {/* Offered only when the server would accept it: an APPROVE decision or approved deviations; else say what is missing. */}
      {!loan && review.lending.loanBlocker === null && (
        <button type="button" disabled={busy} onClick={() => act('loan', CREDIT.loanCreation)} data-testid="credit-create-loan">
          {t('areas.credit.createLoan', undefined, 'Create loan')}
        </button>
      )}
      {!loan && review.lending.loanBlocker && review.lending.status === 'ACTIVE' && (
        <p role="status" className="ll-notice" data-testid="credit-loan-blocked">
          {review.lending.loanBlocker.texts?.[lang] ?? <span lang="en">{review.lending.loanBlocker.reason}</span>}
        </p>
      )}
      {review.lending.status === 'ACTIVE' && <DisbursementAccount bankAccount={review.bankAccount} />}
      {loanReady && review.lending.status === 'ACTIVE' && review.lending.remaining > 0 && !verified && (
        <p role="status" className="ll-notice" data-testid="credit-account-unverified">
          {t('bankAccount.unverified', undefined, "Money goes only to the applicant's own account: verify the disbursement account before disbursing.")}
        </p>
      )}
      {loanReady && review.lending.status === 'ACTIVE' && review.lending.remaining > 0 && verified && (
        <form onSubmit={tranche} aria-label={t('areas.credit.trancheForm', undefined, 'Disburse a tranche')}>
          <p className="ll-muted" data-testid="credit-tranche-to">
            {t('bankAccount.trancheTo', { account: verified.account, ifsc: verified.ifsc, name: verified.nameReturned ?? '' }, 'To {name}, account {account} ({ifsc}), verified')}
          </p>
          <TextField
            label={t('areas.credit.trancheAmount', { n: nextTranche }, 'Tranche {n} amount (INR)')}
            description={t('creditWording.remaining', { amount: inr(review.lending.remaining) }, '{amount} left to disburse')}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            isRequired
            errorMessage={formError.amount}
            testId="credit-tranche-amount"
          />
          <button type="submit" disabled={busy} data-testid="credit-disburse">{t('areas.credit.disburse', undefined, 'Disburse')}</button>
        </form>
      )}
      {loanReady && review.lending.status === 'ACTIVE' && !review.calls.some((c) => c.operation === 'ACH_MANDATE' && c.state !== 'RETURNED') && (
        <form onSubmit={mandate} aria-label={t('areas.credit.mandateForm', undefined, 'Register the ACH mandate')}>
          <TextField label={t('areas.credit.account', undefined, 'Account number')} inputMode="numeric" value={account.accountNumber} onChange={(v) => setAccount({ ...account, accountNumber: v.trim() })} isRequired errorMessage={formError.account} />
          <TextField label="IFSC" value={account.ifsc} onChange={(v) => setAccount({ ...account, ifsc: v.trim().toUpperCase() })} isRequired errorMessage={formError.ifsc} />
          <TextField label={t('areas.credit.holder', undefined, 'Account holder')} value={account.accountHolder} onChange={(v) => setAccount({ ...account, accountHolder: v })} isRequired errorMessage={formError.holder} />
          <button type="submit" disabled={busy}>{t('areas.credit.registerMandate', undefined, 'Register mandate')}</button>
        </form>
      )}
      {review.calls.length > 0 && (
        <table data-testid="credit-calls">
          <caption>{t('areas.credit.calls', undefined, 'Money calls')}</caption>
          <thead>
            <tr><th>{t('areas.credit.operation', undefined, 'Operation')}</th><th>{t('areas.credit.amount', undefined, 'Amount')}</th><th>{t('areas.credit.state', undefined, 'State')}</th><th>{t('areas.credit.history', undefined, 'History')}</th><th /></tr>
          </thead>
          <tbody>
            {review.calls.map((c) => (
              <tr key={c.callId} data-testid="credit-call" data-call={c.callId}>
                <td>{t(`creditWording.op.${c.operation}`, undefined, OP_LABELS[c.operation])}{c.trancheNo ? ` ${c.trancheNo}` : ''}</td>
                <td>{inr(c.amount)}</td>
                <td data-testid="credit-call-state" data-state={c.state}>{state(c)}{c.reason ? ` — ${c.reason}` : ''}{c.externalRef ? ` (${c.externalRef})` : ''}</td>
                <td>
                  <span data-testid="credit-call-history">{c.events.map((e) => event(e.event)).join(' → ')}</span>
                  <br />
                  <small data-testid="credit-call-people">
                    {t('creditWording.requestedBy', { user: c.requestedBy }, 'Requested by {user}')}
                    {c.state === 'TO_RELEASE' && c.release.waitsFor ? ` · ${t('creditWording.waitsFor', { who: c.release.waitsForTeam ? t('areas.tasks.inbox.team', { team: configName('team', c.release.waitsForTeam) }, 'team {team}') : c.release.waitsFor }, 'waits for release by {who}')}` : ''}
                    {c.release.releasedBy && c.release.releasedAt
                      ? ` · ${t(c.state === 'RETURNED' ? 'areas.credit.returnedBy' : 'areas.credit.releasedBy', { user: c.release.releasedBy, at: formatDateTime(c.release.releasedAt) }, c.state === 'RETURNED' ? 'returned by {user} on {at}' : 'released by {user} on {at}')}${c.release.note ? `: ${c.release.note}` : ''}`
                      : ''}
                  </small>
                </td>
                <td>
                  {c.state === 'TO_RELEASE' && c.requestedBy !== me && (
                    <>
                      <button type="button" disabled={busy} onClick={() => act(`release:${c.callId}`, CREDIT.release, { callId: c.callId })} data-testid="credit-release">
                        {t('creditWording.release', undefined, 'Release')}
                      </button>
                      <button type="button" disabled={busy} onClick={() => act(`return:${c.callId}`, CREDIT.return, { callId: c.callId })} data-testid="credit-return">
                        {t('creditWording.return', undefined, 'Return')}
                      </button>
                    </>
                  )}
                  {c.state === 'FAILED' && (
                    <button type="button" disabled={busy} onClick={() => act(`retry:${c.callId}`, CREDIT.retry, { callId: c.callId })}>
                      {t('areas.credit.retry', undefined, 'Retry')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <CoolingOffPanel key={String(loanReady)} applicationId={review.application_id} />
    </>
  );
}

export default CreditTab;
