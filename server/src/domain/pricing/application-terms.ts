import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { refusedMany } from '../errors';
import { quoteFor } from './store';

function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.replace(/[,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}

/**
 * The loan terms an application asks for: amount and tenure from its answers (a form's values first when given), the
 * amount falling back to the application's loan_amount. 400 naming what is missing or out of range.
 */
export function requestedTerms(app: ApplicationRow, values: Record<string, unknown> = {}, keys = { amount: 'loanAmount', tenureMonths: 'tenureMonths' }) {
  const pick = (k: string) => (values[k] !== undefined && values[k] !== null && values[k] !== '' ? values[k] : app.custom_fields?.[k]);
  const amount = numberOf(pick(keys.amount)) ?? (keys.amount === 'loanAmount' ? numberOf(app.loan_amount) : null);
  const tenure = numberOf(pick(keys.tenureMonths));
  const problems: { label: string; reason: string }[] = [];
  if (amount === null || amount <= 0 || amount > 9999999999) problems.push({ label: keys.amount, reason: 'must be an amount above 0 with at most 10 digits' });
  if (tenure === null || !Number.isInteger(tenure) || tenure < 1 || tenure > 600) problems.push({ label: keys.tenureMonths, reason: 'must be a whole number of months from 1 to 600' });
  if (problems.length) throw refusedMany(problems);
  return { amount: amount!, tenureMonths: tenure! };
}

/** The application's quote under its product's pricing (rate, EMI, fees, schedule, APR), priced today. */
export async function quoteOfApplication(q: Queryable, app: ApplicationRow, values: Record<string, unknown> = {}, now = new Date()) {
  const terms = requestedTerms(app, values);
  return quoteFor(q, app.product_code, terms, now);
}
