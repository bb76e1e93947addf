import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api, useServerData, useT } from '@lendline/shared';
import { formatCurrency } from '@lendline/shared/form-engine';
import { PORTAL } from '../../api/portal-api';
import { applyAppRef, useAppRef } from '../../lib/app-ref-store';

interface Payment {
  payment_id: string;
  amount: number;
  purpose: string;
  status: 'SUCCESS' | 'FAILED';
  reference: string;
  reason?: string;
}

/**
 * /payments?application_id=…: pay the processing fee through the payment adapter (the sandbox by default). Which
 * adapter runs is the installation's business, not the applicant's: the page never names it (staff see it in backstage).
 */
export default function PaymentsPage() {
  const t = useT();
  const [query] = useSearchParams();
  const id = query.get('application_id');
  useAppRef(id); // before the payments are read: the request carries the application's appRefId
  const { data, error, loading, reload } = useServerData<{ data: { payments: Payment[]; processingFee: number | null } }>(id ? `${PORTAL.payments}?application_id=${encodeURIComponent(id)}` : null);
  const [result, setResult] = useState<Payment | null>(null);
  const [busy, setBusy] = useState(false);
  if (!id) return <p role="alert">{t('portal.payments.noApplication', undefined, 'Open the payments page from your application (the link carries its number).')}</p>;
  if (loading) return <p aria-busy="true">{t('portal.flow.loadingPage', undefined, 'Loading…')}</p>;
  if (error || !data) return <p role="alert">{t('portal.payments.failedLoad', undefined, 'The payments of this application could not be loaded.')}</p>;
  const fee = data.data.processingFee;
  // The fee comes from the product's pricing for the loan's amount and tenure: none until they are chosen.
  if (fee === null) return <p role="status">{t('pricing.payments.notPriced', undefined, 'The processing fee is known once you choose the loan amount and tenure.')}</p>;
  const paid = data.data.payments.find((p) => p.status === 'SUCCESS');
  const payNow = async () => {
    setBusy(true);
    try {
      applyAppRef(id);
      const r = await api.post<{ data: Payment }>(PORTAL.payments, { application_id: id, amount: fee, purpose: 'PROCESSING_FEE' });
      setResult(r.data);
      reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ll-card" aria-labelledby="ll-pay-title">
      <h2 id="ll-pay-title">{t('portal.payments.title', undefined, 'Processing fee')}</h2>
      <p>
        {t('portal.payments.for', { id }, `Application ${id}`)}: <strong>₹{formatCurrency(fee, 'INR')}</strong>
      </p>
      {paid ? (
        <p role="status">{t('portal.payments.paid', { ref: paid.reference }, `Paid. Reference ${paid.reference}.`)}</p>
      ) : (
        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={payNow}>
          {t('portal.payments.pay', undefined, 'Pay now')}
        </button>
      )}
      {result && result.status === 'FAILED' && <p role="alert">{result.reason}</p>}
    </section>
  );
}
