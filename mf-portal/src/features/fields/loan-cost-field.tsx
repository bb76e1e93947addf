import { useEffect, useMemo } from 'react';
import { useField } from 'react-final-form';
import { useT } from '@lendline/shared';
import { quote, type FeeCode, type Quote, type RateConfig } from '@lendline/shared/pricing';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';
import { useFieldServices } from './field-services';
import { addLoanCostStyles } from '../../ui/loan-cost/loan-cost-styles';
import { numberOf, rupees } from '../../ui/loan-cost/money';
import { ScheduleTable } from '../../ui/loan-cost/schedule-table';
import { usePricing } from '../../ui/loan-cost/use-pricing';

/** Which form fields hold the amount and the tenure: the field's loan_cost setting (the flow configuration). */
function keysOf(field: FieldProps['field']) {
  const c = field.field_type_details.loan_cost as { amount?: string; tenureMonths?: string } | undefined;
  return { amount: c?.amount ?? 'loanAmount', tenureMonths: c?.tenureMonths ?? 'tenureMonths' };
}

const FEE_NAMES: Record<FeeCode, string> = { PROCESSING: 'Processing fee', DOCUMENTATION: 'Documentation charges', INSURANCE: 'Insurance', THIRD_PARTY: 'Third-party charges' };

function RateText({ rate, percent }: { rate: RateConfig; percent: number }) {
  const t = useT();
  const p = percent.toFixed(2);
  if (rate.type === 'FIXED') return <>{t('pricing.cost.rateFixed', { rate: p }, `${p} % a year, fixed`)}</>;
  const b = rate.benchmarkPercent.toFixed(2);
  const s = rate.spreadPercent.toFixed(2);
  return <>{t('pricing.cost.rateFloating', { rate: p, benchmark: rate.benchmarkName, b, s, months: rate.resetMonths }, `${p} % a year, floating: ${rate.benchmarkName} ${b} % + ${s} %, reset every ${rate.resetMonths} months`)}</>;
}

/**
 * The loan step's cost, while the applicant chooses (issue 27): the product's pricing (read once) priced by the shared
 * engine for the amount and tenure in the form as they change — rate, EMI (₹, read-only, also kept in this field so
 * it is saved), the fees, the total amount payable, the APR — and the repayment schedule behind a disclosure.
 */
export function LoanCostField({ field, name, disabled }: FieldProps) {
  const t = useT();
  addLoanCostStyles();
  const { input } = useConfigField<number | string>(field, name, disabled);
  const keys = keysOf(field);
  const amount = numberOf(useField(keys.amount, { subscription: { value: true } }).input.value);
  const tenure = numberOf(useField(keys.tenureMonths, { subscription: { value: true } }).input.value);
  const { productCode } = useFieldServices();
  const pricing = usePricing(productCode);
  const bands = pricing.data?.data.bands;
  const q: Quote | null = useMemo(() => {
    if (!bands || amount === null || amount <= 0 || tenure === null || !Number.isInteger(tenure) || tenure < 1) return null;
    try {
      return quote({ bands }, { amount, tenureMonths: tenure });
    } catch {
      return null;
    }
  }, [bands, amount, tenure]);

  // The EMI is this field's value: saved with the step, read-only to the applicant.
  const emi = q ? q.emi : '';
  useEffect(() => {
    if (!disabled && input.value !== emi) input.onChange(emi);
  }, [emi]); // eslint-disable-line react-hooks/exhaustive-deps

  const title = field.label ?? t('pricing.cost.title', undefined, 'What your loan costs');
  const headingId = `${name}-cost-title`;
  let body;
  if (!productCode) body = <p className="ll-loan-cost__note">{t('pricing.cost.noProduct', undefined, 'The cost is shown in the customer portal, where the product is known.')}</p>;
  else if (pricing.loading) body = <p aria-busy="true">{t('pricing.cost.loading', undefined, 'Working out the cost…')}</p>;
  else if (pricing.error || !bands) body = <p role="alert">{t('pricing.cost.failed', undefined, 'The pricing of this loan could not be loaded. Try again later.')}</p>;
  else if (amount === null || tenure === null) body = <p className="ll-loan-cost__note">{t('pricing.cost.enterTerms', undefined, 'Enter the amount and choose the tenure to see the rate, the EMI, the fees and the APR.')}</p>;
  else if (!q) body = <p role="alert">{t('pricing.cost.noBand', undefined, 'We do not lend this amount over this tenure. Change the amount or the tenure.')}</p>;
  else {
    body = (
      <>
        <dl>
          <dt>{t('pricing.cost.rate', undefined, 'Interest rate')}</dt>
          <dd><RateText rate={q.rate} percent={q.ratePercent} /></dd>
          <dt id={`${name}-emi-label`}>{t('pricing.cost.emi', undefined, 'Monthly instalment (EMI)')}</dt>
          <dd><output className="ll-loan-cost__emi" aria-labelledby={`${name}-emi-label`} data-testid="loan-cost-emi">{rupees(q.emi)}</output></dd>
          {q.fees.map((f) => (
            <FeeRow key={f.code} code={f.code} amount={f.amount} thirdParty={f.payableTo === 'THIRD_PARTY'} />
          ))}
          <dt>{t('pricing.cost.totalPayable', undefined, 'Total amount payable')}</dt>
          <dd data-testid="loan-cost-total">{rupees(q.totalPayable)}</dd>
          <dt>{t('pricing.cost.apr', undefined, 'Annual percentage rate (APR)')}</dt>
          <dd data-testid="loan-cost-apr">{`${q.apr.toFixed(2)} %`}</dd>
        </dl>
        <p className="ll-loan-cost__note">
          {t('pricing.cost.note', { net: rupees(q.netDisbursed) }, `The fees are deducted when the loan is paid out: you receive ${rupees(q.netDisbursed)}. The APR counts the interest and every fee. These figures are indicative until your loan is sanctioned.`)}
        </p>
        <details>
          <summary>{t('pricing.cost.showSchedule', { n: q.schedule.length }, `See the repayment schedule (${q.schedule.length} instalments)`)}</summary>
          <ScheduleTable rows={q.schedule} caption={t('pricing.schedule.caption', undefined, 'Repayment schedule, if paid out today')} />
        </details>
      </>
    );
  }
  return (
    <section className="ll-loan-cost" aria-labelledby={headingId} data-field={field.key}>
      <h3 id={headingId}>{title}</h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}

function FeeRow({ code, amount, thirdParty }: { code: FeeCode; amount: number; thirdParty: boolean }) {
  const t = useT();
  const label = t(`pricing.fees.${code}`, undefined, FEE_NAMES[code]);
  return (
    <>
      <dt>{thirdParty ? t('pricing.cost.thirdParty', { fee: label }, `${label} (to a third party)`) : label}</dt>
      <dd>{rupees(amount)}</dd>
    </>
  );
}
