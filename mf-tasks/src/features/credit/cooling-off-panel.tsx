import { useState, type FormEvent } from 'react';
import { api, useMutation, useServerData, useT } from '@lendline/shared';
import { Button, TextField } from '@lendline/shared/ui';
import { CREDIT, type CoolingOff } from './credit-api';
import { when } from './when';

const inr = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The loan's cooling-off period on the Credit tab (issue 27): until when the borrower may exit, and — once they asked
 * on the portal — what they repay, and "Mark processed" with a reason once the repayment is received and the loan
 * closed in core banking.
 */
export function CoolingOffPanel({ applicationId }: { applicationId: string }) {
  const t = useT();
  const { data, reload } = useServerData<{ data: CoolingOff }>(CREDIT.coolingOff(applicationId));
  const [reason, setReason] = useState('');
  const { busy, run } = useMutation();
  const c = data?.data;
  if (!c || c.state === 'NO_LOAN') return null;
  const process = (e: FormEvent) => {
    e.preventDefault();
    // A refusal is shown by the shell's §8 modal; either way the panel re-reads the exit's state.
    void run(() => api.post(CREDIT.processExit, { application_id: applicationId, reason }), {
      then: () => {
        setReason('');
        reload();
      },
      failed: reload,
    });
  };
  return (
    <div data-testid="credit-cooling-off" data-state={c.state}>
      <h4>{t('coolingOff.staffTitle', undefined, 'Cooling-off period')}</h4>
      {(c.state === 'OPEN' || c.state === 'CLOSED') && c.windowEndsAt && (
        <p>
          {c.state === 'OPEN'
            ? t('coolingOff.staffOpen', { days: c.days, until: when(c.windowEndsAt) }, 'The borrower may exit the loan without penalty until {until} ({days} days).')
            : t('coolingOff.staffClosed', { until: when(c.windowEndsAt) }, 'The cooling-off period ended on {until}.')}
        </p>
      )}
      {c.request && c.quote && (
        <p role="status" className="ll-notice" data-testid="credit-exit-request">
          {t('coolingOff.staffRequested', { at: when(c.request.requestedAt), amount: inr(c.quote.amount), principal: inr(c.quote.principal), interest: inr(c.quote.interest), days: c.quote.daysHeld }, 'The borrower asked to exit on {at}: repays {amount} (principal {principal} + interest {interest} for {days} day(s), no penalty).')}
          {c.request.state === 'PROCESSED' && (
            <>
              <br />
              {t('coolingOff.staffProcessed', { by: c.request.processedBy ?? '', at: c.request.processedAt ? when(c.request.processedAt) : '', reason: c.request.reason ?? '' }, 'Processed by {by} on {at}: {reason}')}
            </>
          )}
        </p>
      )}
      {c.state === 'REQUESTED' && (
        <form onSubmit={process} aria-label={t('coolingOff.processForm', undefined, 'Process the exit')}>
          <TextField label={t('coolingOff.reason', undefined, 'What was done (repayment received, loan closed)')} value={reason} onChange={setReason} isRequired testId="credit-exit-reason" />
          <Button type="submit" isDisabled={busy || !reason.trim()} testId="credit-exit-process">{t('coolingOff.process', undefined, 'Mark processed')}</Button>
        </form>
      )}
    </div>
  );
}
