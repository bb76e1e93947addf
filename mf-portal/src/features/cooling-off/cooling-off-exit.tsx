import { useState } from 'react';
import { api, useServerData, useT } from '@lendline/shared';
import { formatCurrency } from '@lendline/shared/form-engine';
import { applyAppRef } from '../../lib/app-ref-store';

export const COOLING_OFF = {
  view: (id: string) => `/v3/portal/coolingOff?application_id=${encodeURIComponent(id)}`,
  exit: '/v3/portal/coolingOff/exit',
} as const;

interface CoolingOff {
  state: 'NO_LOAN' | 'OPEN' | 'CLOSED' | 'REQUESTED' | 'PROCESSED';
  days: number;
  windowEndsAt: string | null;
  quote: { principal: number; interest: number; amount: number; daysHeld: number; annualRatePercent: number } | null;
  request: { requestedAt: string; state: 'REQUESTED' | 'PROCESSED'; processedAt: string | null } | null;
}

/** §9 date and time (DD/MM/YYYY, hh:mm am/pm) in the borrower's time zone. */
const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true }).format(new Date(iso));

/**
 * The status page's cooling-off block (issue 27): after the loan is created the borrower may exit it until the window
 * ends, repaying the principal and the interest for the days held, no penalty. The amount is the server's; "Exit the
 * loan" asks for confirmation and records the request; the bank then contacts them. Nothing shows before the loan or
 * after the window.
 */
export function CoolingOffExit({ applicationId }: { applicationId: string }) {
  const t = useT();
  applyAppRef(applicationId);
  const { data, reload } = useServerData<{ data: CoolingOff }>(COOLING_OFF.view(applicationId));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const c = data?.data;
  if (!c || c.state === 'NO_LOAN' || c.state === 'CLOSED' || !c.quote) return null;
  const q = c.quote;
  const inr = (n: number) => formatCurrency(n, 'INR', { symbol: true });
  const exit = async () => {
    setBusy(true);
    try {
      applyAppRef(applicationId);
      await api.post(COOLING_OFF.exit, { application_id: applicationId });
    } catch {
      // shown by the shell's error modal
    } finally {
      setBusy(false);
      setConfirming(false);
      reload();
    }
  };
  return (
    <section className="ll-card" aria-labelledby="ll-cooling-off" data-testid="cooling-off" data-state={c.state}>
      <h3 id="ll-cooling-off">{t('coolingOff.title', undefined, 'Changed your mind? Exit the loan')}</h3>
      {c.state === 'OPEN' && c.windowEndsAt && (
        <>
          <p>{t('coolingOff.explain', { days: c.days, until: when(c.windowEndsAt) }, 'You may exit this loan until {until} ({days}-day cooling-off period). You repay what you received and the interest for the days you held it. There is no penalty.')}</p>
          <dl className="ll-cooling-off-amount">
            <dt>{t('coolingOff.principal', undefined, 'Amount you received')}</dt>
            <dd>{inr(q.principal)}</dd>
            <dt>{t('coolingOff.interest', { days: q.daysHeld, rate: q.annualRatePercent }, 'Interest for {days} day(s) at {rate} % a year')}</dt>
            <dd>{inr(q.interest)}</dd>
            <dt>{t('coolingOff.amount', undefined, 'To repay if you exit today')}</dt>
            <dd data-testid="cooling-off-amount"><strong>{inr(q.amount)}</strong></dd>
          </dl>
          {!confirming ? (
            <button type="button" className="ll-button--secondary" onClick={() => setConfirming(true)} data-testid="cooling-off-exit">
              {t('coolingOff.exit', undefined, 'Exit the loan')}
            </button>
          ) : (
            <div role="alertdialog" aria-labelledby="ll-cooling-off-confirm">
              <p id="ll-cooling-off-confirm">{t('coolingOff.confirm', { amount: inr(q.amount) }, 'Exit the loan and repay {amount}? The bank will contact you to settle it.')}</p>
              <button type="button" disabled={busy} onClick={() => void exit()} data-testid="cooling-off-confirm">{t('coolingOff.confirmYes', undefined, 'Yes, exit the loan')}</button>{' '}
              <button type="button" className="ll-button--secondary" onClick={() => setConfirming(false)}>{t('coolingOff.confirmNo', undefined, 'Keep the loan')}</button>
            </div>
          )}
        </>
      )}
      {c.request && (
        <p role="status" data-testid="cooling-off-requested">
          {c.request.state === 'PROCESSED'
            ? t('coolingOff.processed', { at: c.request.processedAt ? when(c.request.processedAt) : '' }, 'Your exit from the loan was completed on {at}.')
            : t('coolingOff.requested', { at: when(c.request.requestedAt), amount: inr(q.amount) }, 'You asked to exit the loan on {at}. The bank will contact you to settle {amount}.')}
        </p>
      )}
    </section>
  );
}
