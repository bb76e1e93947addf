import { useEffect, useRef } from 'react';
import { formatDuration, useLanguage, useServerData, useT } from '@lendline/shared';
import { rupees } from '../loan-cost/money';
import { DECISION_STATUS, POLL_MS, RUNNING, type DecisionStatus as Status } from './decision-api';

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/**
 * The decision on the application as it happens (issue 29, straight-through processing): the three checks —
 * "Checking your credit", "Checking your bank statement", "Decision" — each waiting, under way or done, then the end:
 * the offer with its Key Fact Statement to accept, an officer's review with the expected time, or the decline (whose
 * reasons the status page shows below; onEnd lets it read them again). Polls the status route while a check runs.
 * Nothing before submission.
 */
export function DecisionStatus({ applicationId, onEnd }: { applicationId: string; onEnd?: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const { data, reload } = useServerData<{ data: Status }>(`${DECISION_STATUS}?application_id=${encodeURIComponent(applicationId)}`);
  const s = data?.data;
  const running = !!s && RUNNING.includes(s.stage);
  // Seen running, then ended — or found declined at once (the page's decline view may have been read a moment before
  // the decision landed): the page's other parts (the decline's reasons) are read again, once.
  const seen = useRef<'none' | 'running' | 'told'>('none');
  useEffect(() => {
    if (!s) return;
    if (running) seen.current = 'running';
    else if (seen.current === 'running' || (seen.current === 'none' && s.stage === 'DECLINED')) {
      seen.current = 'told';
      onEnd?.();
    } else seen.current = 'told';
  }, [running, s, onEnd]);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, data, reload]);
  if (!s || s.stage === 'NOT_SUBMITTED' || s.stage === 'CLOSED') return null;
  const steps = [
    { stage: 'CHECKING_CREDIT', label: t('straightThrough.step.credit', undefined, 'Checking your credit') },
    { stage: 'CHECKING_BANK_STATEMENT', label: t('straightThrough.step.bank', undefined, 'Checking your bank statement') },
    { stage: 'DECIDING', label: t('straightThrough.step.decision', undefined, 'Decision') },
  ] as const;
  const stateOf = (stage: string) =>
    s.passed.includes(stage as Status['stage']) || (!running && s.stage !== 'REVIEW')
      ? t('straightThrough.state.done', undefined, 'done')
      : s.stage === stage
        ? t('straightThrough.state.now', undefined, 'in progress')
        : t('straightThrough.state.waiting', undefined, 'waiting');
  return (
    <article className="ll-card" aria-labelledby="ll-decision-title" data-testid="decision-status">
      <h3 id="ll-decision-title">{t('straightThrough.title', undefined, 'Decision on your application')}</h3>
      {s.stage !== 'REVIEW' || s.passed.length > 0 ? (
        <ol aria-label={t('straightThrough.steps', undefined, 'Checks')}>
          {steps.map((step) => (
            <li key={step.stage} aria-current={s.stage === step.stage ? 'step' : undefined}>
              {step.label}: {stateOf(step.stage)}
            </li>
          ))}
        </ol>
      ) : null}
      <p role="status">
        {running && t('straightThrough.running', undefined, 'We are checking your application now. This page updates by itself.')}
        {s.stage === 'OFFER' && t('straightThrough.offer', undefined, 'Your loan is approved.')}
        {s.stage === 'DECLINED' && t('straightThrough.declined', undefined, 'We could not offer you this loan. The reasons are below.')}
        {s.stage === 'REVIEW' &&
          t('straightThrough.review', { time: formatDuration((s.referralHours ?? 24) * 3600000, lang) }, `An officer will review your application. You can expect an answer within ${formatDuration((s.referralHours ?? 24) * 3600000, lang)}.`)}
      </p>
      {s.stage === 'OFFER' && s.offer && (
        <>
          <dl>
            <dt>{t('straightThrough.amount', undefined, 'Loan amount')}</dt>
            <dd>{rupees(s.offer.amount)}</dd>
            <dt>{t('straightThrough.tenure', undefined, 'Tenure')}</dt>
            <dd>{t('straightThrough.months', { n: s.offer.tenureMonths }, `${s.offer.tenureMonths} months`)}</dd>
            <dt>{t('straightThrough.rate', undefined, 'Interest rate')}</dt>
            <dd>{`${s.offer.ratePercent.toFixed(2)} %`}</dd>
            <dt>{t('straightThrough.emi', undefined, 'Monthly instalment (EMI)')}</dt>
            <dd>{rupees(s.offer.emi)}</dd>
            <dt>{t('straightThrough.apr', undefined, 'Annual percentage rate (APR)')}</dt>
            <dd>{`${s.offer.apr.toFixed(2)} %`}</dd>
          </dl>
          {s.offer.kfsState === 'ACCEPTED' ? (
            <p>{t('straightThrough.accepted', undefined, 'You have accepted the Key Fact Statement. We will be in touch about the loan agreement.')}</p>
          ) : (
            <p>
              <a href={`/dynamic-resume/kfs?application_id=${encodeURIComponent(applicationId)}`}>{t('straightThrough.openKfs', undefined, 'Read and accept your Key Fact Statement')}</a>{' '}
              {t('straightThrough.validUntil', { date: day(s.offer.validUntil) }, `(valid until ${day(s.offer.validUntil)})`)}
            </p>
          )}
        </>
      )}
    </article>
  );
}
