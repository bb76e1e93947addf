import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { findApplication } from '../applications/row';
import { refused } from '../errors';
import { writeAudits } from '../applications/audit';

/** A payment gateway behind an interface (DESIGN: adapters with a local sandbox default). */
export interface PaymentAdapter {
  readonly name: string;
  charge(input: { applicationId: string; amount: number; purpose: string }): Promise<{ status: 'SUCCESS' | 'FAILED'; reference: string; reason?: string }>;
}

/**
 * Deterministic sandbox: every charge succeeds except amounts ending in .13 paise (a documented way to see the
 * failure path); the reference is derived from the input so repeated demos read the same.
 */
export const sandboxPayments: PaymentAdapter = {
  name: 'sandbox',
  async charge({ applicationId, amount, purpose }) {
    const reference = `SBX-${createHash('sha256').update(`${applicationId}|${amount}|${purpose}|${randomBytes(4).toString('hex')}`).digest('hex').slice(0, 12).toUpperCase()}`;
    if (Math.round(amount * 100) % 100 === 13) return { status: 'FAILED', reference, reason: 'Declined by the sandbox (amounts ending in .13 always fail)' };
    return { status: 'SUCCESS', reference };
  },
};

/** Processing fee of §-less product rule used by the portal: 1 % of the loan amount, at least 500, at most 10,000. */
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
