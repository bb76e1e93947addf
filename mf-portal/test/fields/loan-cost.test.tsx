import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductPricing } from '@lendline/shared/pricing';
import { FieldRenderer } from '../../src/features/fields/field-renderer';
import { f, renderInForm } from '../render-in-form';

// The product's pricing as GET /v3/pricing/PL would answer it: one band, a fixed 12 %, a 1 % processing fee (min ₹500) and a ₹1,000 insurance.
const PRICING: ProductPricing = {
  productCode: 'PL',
  version: 1,
  bands: [{
    minAmount: 50000, maxAmount: 500000, minTenureMonths: 12, maxTenureMonths: 60, rate: { type: 'FIXED', ratePercent: 12 },
    fees: [{ code: 'PROCESSING', payableTo: 'LENDER', percent: 1, min: 500 }, { code: 'INSURANCE', payableTo: 'THIRD_PARTY', flat: 1000 }],
    contingent: [],
  }],
};
jest.mock('../../src/ui/loan-cost/use-pricing', () => ({
  usePricing: (code: string | undefined) => ({ data: code === 'PL' ? { data: PRICING } : null, error: null, loading: false, reload: () => undefined }),
}));

/** The EMI by the annuity formula, computed here independently of the engine. */
const emi = (p: number, yearly: number, n: number) => {
  const r = yearly / 1200;
  return Math.round(((p * r * (1 + r) ** n) / ((1 + r) ** n - 1)) * 100) / 100;
};
// The portal's INR format (form-engine formatCurrency): lakh grouping, paise only when there are any.
const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: Number.isInteger(n) ? 0 : 2 })}`;

const fields = (
  <>
    <FieldRenderer field={f('tenureMonths', 'Tenure (months)', 'slider', { min_value: 12, max_value: 60, step: 12 })} />
    <FieldRenderer field={f('estimatedEmi', 'What your loan costs', 'text', { loan_cost: { amount: 'loanAmount', tenureMonths: 'tenureMonths' } })} />
  </>
);

describe('the loan step\'s cost panel', () => {
  it('shows rate, EMI in ₹, fees, total payable and APR, recomputes as the tenure changes, and keeps the EMI as its value', async () => {
    const { values } = renderInForm(fields, { initialValues: { loanAmount: '200000', tenureMonths: 24 }, services: { productCode: 'PL' } });
    const panel = screen.getByRole('region', { name: 'What your loan costs' });
    expect(within(panel).getByText('12.00 % a year, fixed')).toBeTruthy();
    expect(screen.getByTestId('loan-cost-emi').textContent).toBe(rupees(emi(200000, 12, 24)));
    expect(within(panel).getByText('Processing fee').nextSibling?.textContent).toBe('₹2,000');
    expect(within(panel).getByText('Insurance (to a third party)').nextSibling?.textContent).toBe('₹1,000');
    expect(screen.getByTestId('loan-cost-apr').textContent).toMatch(/^1[3-5]\.\d\d %$/); // above the rate: the fees count
    await waitFor(() => expect(values().estimatedEmi).toBe(emi(200000, 12, 24)));

    fireEvent.change(screen.getByLabelText(/Tenure/), { target: { value: '48' } });
    await waitFor(() => expect(screen.getByTestId('loan-cost-emi').textContent).toBe(rupees(emi(200000, 12, 48))));
    await waitFor(() => expect(values().estimatedEmi).toBe(emi(200000, 12, 48)));
  });

  it('opens the repayment schedule: one row per instalment, the balance reaching zero', () => {
    renderInForm(fields, { initialValues: { loanAmount: 100000, tenureMonths: 12 }, services: { productCode: 'PL' } });
    fireEvent.click(screen.getByText('See the repayment schedule (12 instalments)'));
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13); // header + 12
    expect(within(rows[12]).getAllByRole('cell')[4].textContent).toBe('₹0');
  });

  it('says so when no band covers the terms', () => {
    renderInForm(fields, { initialValues: { loanAmount: 10000, tenureMonths: 12 }, services: { productCode: 'PL' } });
    expect(screen.getByRole('alert').textContent).toBe('We do not lend this amount over this tenure. Change the amount or the tenure.');
  });
});
