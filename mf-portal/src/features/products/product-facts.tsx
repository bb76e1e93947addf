import { formatInr, formatPercent, useT } from '@lendline/shared';
import type { EmploymentKind, ProductSummary } from './products-api';

const EMPLOYMENT: Record<EmploymentKind, string> = { SALARIED: 'Salaried', SELF_EMPLOYED: 'Self-employed', PROFESSIONAL: 'Professionals', BUSINESS: 'Business owners' };

/** The rate range of the product's pricing, as its bands charge today (indicative; the loan step shows the exact one). */
function RateText({ rate }: { rate: NonNullable<ProductSummary['rate']> }) {
  const t = useT();
  const min = formatPercent(rate.minPercent);
  const max = formatPercent(rate.maxPercent);
  const kind = rate.floating ? 'Floating' : 'Fixed';
  if (min === max) return <>{t(`landing.rateOne${kind}`, { rate: min }, `${min} a year, ${kind.toLowerCase()}`)}</>;
  return <>{t(`landing.rateRange${kind}`, { min, max }, `${min} to ${max} a year, ${kind.toLowerCase()}`)}</>;
}

/**
 * What a product lends and to whom, from its configuration and pricing (GET /v3/portal/products): amounts, tenures,
 * the indicative rate, who can apply and the documents the application asks for. A fact the configuration does not
 * state is left out, never invented.
 */
export function ProductFacts({ product: p }: { product: ProductSummary }) {
  const t = useT();
  const e = p.eligibility;
  return (
    <>
      <dl className="ll-product__facts">
        {p.amount && (
          <>
            <dt>{t('landing.amount', undefined, 'Loan amount')}</dt>
            <dd data-testid="product-amount">{t('landing.amountRange', { min: formatInr(p.amount.min), max: formatInr(p.amount.max) }, `${formatInr(p.amount.min)} to ${formatInr(p.amount.max)}`)}</dd>
          </>
        )}
        {p.tenureMonths && (
          <>
            <dt>{t('landing.tenure', undefined, 'Tenure')}</dt>
            <dd data-testid="product-tenure">{t('landing.tenureRange', { min: p.tenureMonths.min, max: p.tenureMonths.max }, `${p.tenureMonths.min} to ${p.tenureMonths.max} months`)}</dd>
          </>
        )}
        {p.rate && (
          <>
            <dt>{t('landing.rate', undefined, 'Indicative interest rate')}</dt>
            <dd data-testid="product-rate"><RateText rate={p.rate} /></dd>
          </>
        )}
      </dl>
      {e && (
        <section aria-labelledby={`${p.productCode}-who`}>
          <h3 id={`${p.productCode}-who`}>{t('landing.who', undefined, 'Who can apply')}</h3>
          <ul data-testid="product-eligibility">
            <li>{t('landing.age', { min: e.minAgeYears, max: e.maxAgeYears }, `Aged ${e.minAgeYears} or over, and at most ${e.maxAgeYears} when the loan ends`)}</li>
            <li>{e.employment.map((k) => t(`landing.employment.${k}`, undefined, EMPLOYMENT[k])).join(', ')}</li>
            {e.minMonthlyIncome !== undefined && <li>{t('landing.minIncome', { amount: formatInr(e.minMonthlyIncome) }, `Net monthly income of at least ${formatInr(e.minMonthlyIncome)}`)}</li>}
            {e.minAnnualTurnover !== undefined && <li>{t('landing.minTurnover', { amount: formatInr(e.minAnnualTurnover) }, `Annual turnover of at least ${formatInr(e.minAnnualTurnover)}`)}</li>}
            {e.minYearsInBusiness !== undefined && <li>{t('landing.minYears', { years: e.minYearsInBusiness }, `In business for at least ${e.minYearsInBusiness} years`)}</li>}
            <li>
              {p.maximumJointApplicants > 0
                ? t('landing.joint', { max: p.maximumJointApplicants }, `On your own, or with up to ${p.maximumJointApplicants} co-applicant(s)`)
                : t('landing.single', undefined, 'On your own (no co-applicants)')}
            </li>
          </ul>
        </section>
      )}
      {p.documents.length > 0 && (
        <section aria-labelledby={`${p.productCode}-docs`}>
          <h3 id={`${p.productCode}-docs`}>{t('landing.documents', undefined, 'Documents you will need')}</h3>
          <ul data-testid="product-documents">
            {p.documents.map((d) => (
              <li key={d.key}>{d.required ? d.label : t('landing.optional', { label: d.label }, `${d.label} (if you have them)`)}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
