import { useId, useMemo, useState } from 'react';
import { formatInr, formatPercent, useT } from '@lendline/shared';
import { calculate, startingTerms, tenureChoices } from './calculator-terms';
import type { ProductSummary } from './products-api';

/**
 * The landing page's EMI calculator (its own chunk, loaded when a card's calculator is opened): amount and tenure →
 * the EMI and the total interest, by the shared pricing engine and the product's own bands — the loan step's numbers
 * for the same terms. The results are a live region, so a screen reader hears each new EMI.
 */
export default function EmiCalculator({ product }: { product: ProductSummary & { amount: { min: number; max: number }; tenureMonths: { min: number; max: number } } }) {
  const t = useT();
  const id = useId();
  const tenures = useMemo(() => tenureChoices(product.tenureMonths), [product.tenureMonths]);
  const start = startingTerms(product.amount, tenures);
  const [amount, setAmount] = useState(String(start.amount));
  const [tenure, setTenure] = useState(start.tenureMonths);
  const result = calculate(product.bands, product.amount, amount, tenure);
  const min = formatInr(product.amount.min);
  const max = formatInr(product.amount.max);

  let body;
  if (result.kind === 'amount') body = <p>{t('landing.calc.amountRange', { min, max }, `Enter an amount from ${min} to ${max}.`)}</p>;
  else if (result.kind === 'noBand') body = <p>{t('landing.calc.noBand', undefined, 'We do not lend this amount over this tenure. Change the amount or the tenure.')}</p>;
  else {
    body = (
      <dl>
        <dt>{t('landing.calc.emi', undefined, 'Monthly instalment (EMI)')}</dt>
        <dd className="ll-emi__emi" data-testid="landing-emi">{formatInr(result.emi)}</dd>
        <dt>{t('landing.calc.interest', undefined, 'Total interest')}</dt>
        <dd data-testid="landing-interest">{formatInr(result.totalInterest)}</dd>
        <dt>{t('landing.calc.rate', undefined, 'Interest rate')}</dt>
        <dd>{t(result.floating ? 'landing.calc.rateFloating' : 'landing.calc.rateFixed', { rate: formatPercent(result.ratePercent) }, `${formatPercent(result.ratePercent)} a year, ${result.floating ? 'floating' : 'fixed'}`)}</dd>
      </dl>
    );
  }
  return (
    <form className="ll-emi" onSubmit={(e) => e.preventDefault()} aria-label={t('landing.calc.title', { product: product.name }, `EMI calculator: ${product.name}`)}>
      <div className="ll-field">
        <label htmlFor={`${id}-amount`}>{t('landing.calc.amount', undefined, 'Loan amount (₹)')}</label>
        <input
          id={`${id}-amount`}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-describedby={`${id}-amount-hint`}
          aria-invalid={result.kind === 'amount' || undefined}
        />
        <p id={`${id}-amount-hint`} className="ll-hint">{t('landing.calc.amountHint', { min, max }, `From ${min} to ${max}`)}</p>
      </div>
      <div className="ll-field">
        <label htmlFor={`${id}-tenure`}>{t('landing.calc.tenure', undefined, 'Tenure')}</label>
        <select id={`${id}-tenure`} value={tenure} onChange={(e) => setTenure(Number(e.target.value))}>
          {tenures.map((m) => (
            <option key={m} value={m}>
              {t('landing.calc.months', { n: m }, `${m} months`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ll-emi__result" role="status" aria-live="polite" data-testid="landing-emi-result">
        {body}
      </div>
      <p className="ll-hint">{t('landing.calc.note', undefined, 'Indicative, at today\'s rate. Your fees, the APR and the repayment schedule are shown on the loan step, before you submit.')}</p>
    </form>
  );
}
