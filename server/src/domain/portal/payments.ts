import { randomBytes } from 'node:crypto';
import type { PaymentAdapter } from '../../adapters/payments';
import type { Queryable } from '../../db/db';
import { findApplication } from '../applications/row';
import { refused } from '../errors';
import { writeAudits } from '../applications/audit';

/** The portal's processing fee (no § sets one): 1 % of the loan amount, at least 500, at most 10,000. */
export function processingFee(loanAmount: number | null): number {
  if (!loanAmount || !Number.isFinite(loanAmount)) return 500;
  return Math.min(10000, Math.max(500, Math.round(loanAmount) / 100));
}

/**
 * Charges through the adapter and records the outcome twice: a payments row, and an audit action on the application
 * (so staff see the payment, paid or failed, in the application's history).
 */
export async function pay(q: Queryable, adapter: PaymentAdapter, paidBy: string, applicationId: string, amount: number, purpose: string, now = new Date()) {
  const app = await findApplication(q, applicationId);
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${applicationId} is ${app.status}`);
  const result = await adapter.charge({ applicationId, amount, purpose });
  const paymentId = `PAY-${randomBytes(6).toString('hex')}`;
  await q.query(`INSERT INTO payments (payment_id, application_id, amount, purpose, status, adapter, reference, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`, [
    paymentId, applicationId, amount, purpose, result.status, adapter.name, result.reference, now,
  ]);
  await writeAudits(q, applicationId, 'payment', paidBy, now, [], { payment_id: paymentId, amount, purpose, status: result.status, reference: result.reference, adapter: adapter.name });
  return { payment_id: paymentId, application_id: applicationId, amount, purpose, ...result };
}

export async function paymentsOf(q: Queryable, applicationId: string) {
  const app = await findApplication(q, applicationId);
  const { rows } = await q.query(
    `SELECT payment_id, amount::float8 AS amount, purpose, status, reference, created_at FROM payments WHERE application_id = $1 ORDER BY created_at DESC`,
    [applicationId],
  );
  return { payments: rows, processingFee: processingFee(app.loan_amount === null ? null : Number(app.loan_amount)) };
}
