import { useSearchParams } from 'react-router-dom';
import { useServerData, useT } from '@lendline/shared';
import type { FeeCode } from '@lendline/shared/pricing';
import { useAppRef } from '../../lib/app-ref-store';
import { rupees } from '../../ui/loan-cost/money';
import { ScheduleTable } from '../../ui/loan-cost/schedule-table';
import { addLoanCostStyles } from '../../ui/loan-cost/loan-cost-styles';
import { KfsAccept } from './kfs-accept';
import { downloadKfs, kfsPath, type Kfs } from './kfs-api';

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const FEE_NAMES: Record<FeeCode, string> = { PROCESSING: 'Processing fee', DOCUMENTATION: 'Documentation charges', INSURANCE: 'Insurance', THIRD_PARTY: 'Third-party charges' };

/**
 * /dynamic-resume/kfs?application_id=… (a customer path the shell already gives this area, like request-info): the
 * applicant's Key Fact Statement, once the lender has issued it (after the credit decision,
 * before the loan agreement): its key terms, the PDF in full, and acceptance with a one-time code. Reached from the
 * link the applicant is given (and the status page); the application's reference on this device opens it.
 */
export default function KfsPage() {
  const t = useT();
  addLoanCostStyles();
  const [query] = useSearchParams();
  const id = query.get('application_id');
  useAppRef(id);
  const { data, error, loading, reload } = useServerData<{ data: Kfs | null }>(id ? kfsPath(id) : null);
  if (!id) return <p role="alert">{t('pricing.kfs.noApplication', undefined, 'Open this page from the link about your application (it carries its number).')}</p>;
  if (loading) return <p aria-busy="true">{t('portal.flow.loadingPage', undefined, 'Loading…')}</p>;
  if (error || !data) return <p role="alert">{t('pricing.kfs.failed', undefined, 'The Key Fact Statement could not be loaded.')}</p>;
  const k = data.data;
  if (!k) return <section className="ll-card"><h2>{t('pricing.kfs.title', undefined, 'Key Fact Statement')}</h2><p>{t('pricing.kfs.none', undefined, 'No Key Fact Statement has been issued yet. The lender issues it once your loan is approved; you will then accept it here.')}</p></section>;
  const terms = k.terms;
  return (
    <section className="ll-card ll-kfs" aria-labelledby="ll-kfs-title">
      <h2 id="ll-kfs-title">{t('pricing.kfs.title', undefined, 'Key Fact Statement')}</h2>
      <p>{t('pricing.kfs.proposal', { no: k.proposalNo }, `Proposal number ${k.proposalNo}`)}</p>
      <p>{t('pricing.kfs.validUntil', { date: day(k.validUntil) }, `Valid until ${day(k.validUntil)}`)}</p>
      <div className="ll-loan-cost">
        <dl>
          <dt>{t('pricing.kfs.amount', undefined, 'Loan amount')}</dt>
          <dd>{rupees(terms.amount)}</dd>
          <dt>{t('pricing.cost.rate', undefined, 'Interest rate')}</dt>
          <dd>{`${terms.ratePercent.toFixed(2)} %`}</dd>
          <dt>{t('pricing.cost.emi', undefined, 'Monthly instalment (EMI)')}</dt>
          <dd>{rupees(terms.emi)}</dd>
          {terms.fees.map((f) => (
            <Fee key={f.code} code={f.code} amount={f.amount} />
          ))}
          <dt>{t('pricing.cost.totalPayable', undefined, 'Total amount payable')}</dt>
          <dd>{rupees(terms.totalPayable)}</dd>
          <dt>{t('pricing.cost.apr', undefined, 'Annual percentage rate (APR)')}</dt>
          <dd data-testid="kfs-apr">{`${terms.apr.toFixed(2)} %`}</dd>
        </dl>
        <details>
          <summary>{t('pricing.cost.showSchedule', { n: terms.schedule.length }, `See the repayment schedule (${terms.schedule.length} instalments)`)}</summary>
          <ScheduleTable rows={terms.schedule} caption={t('pricing.kfs.scheduleCaption', undefined, 'Repayment schedule')} />
        </details>
      </div>
      <p>
        <button type="button" className="ll-link" onClick={() => void downloadKfs(id, k.proposalNo)}>
          {t('pricing.kfs.download', undefined, 'Download the full statement (PDF)')}
        </button>
      </p>
      {k.state === 'ISSUED' && <KfsAccept applicationId={id} proposalNo={k.proposalNo} onAccepted={reload} />}
      {k.state === 'ACCEPTED' && k.acceptance && (
        <p role="status">{t('pricing.kfs.accepted', { date: day(k.acceptance.at) }, `You accepted this statement on ${day(k.acceptance.at)}.`)}</p>
      )}
      {k.state === 'EXPIRED' && <p role="alert">{t('pricing.kfs.expired', undefined, 'This statement has expired. The lender will issue a new one for you to accept.')}</p>}
      {k.state === 'TERMS_CHANGED' && <p role="alert">{t('pricing.kfs.changed', undefined, 'The loan terms have changed since this statement. The lender will issue a new one for you to accept.')}</p>}
    </section>
  );
}

function Fee({ code, amount }: { code: FeeCode; amount: number }) {
  const t = useT();
  return (
    <>
      <dt>{t(`pricing.fees.${code}`, undefined, FEE_NAMES[code])}</dt>
      <dd>{rupees(amount)}</dd>
    </>
  );
}
