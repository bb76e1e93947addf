import { randomBytes } from 'node:crypto';
import type { PaymentAdapter } from '../../adapters/payments';
import type { Queryable } from '../../db/db';
import { findApplication, type ApplicationRow } from '../applications/row';
import { quoteOfApplication } from '../pricing/application-terms';
import { HttpError, refused } from '../errors';
import { writeAudits } from '../applications/audit';

/**
 * The application's processing fee: the PROCESSING fee of its product's pricing band for its amount and tenure
 * (domain/pricing). null when the application has no priced terms yet (no amount, or no band covers them): nothing to pay.
 */
export async function processingFee(q: Queryable, app: ApplicationRow): Promise<number | null> {
  try {
    const quote = await quoteOfApplication(q, app);
    return quote.fees.filter((f) => f.code === 'PROCESSING').reduce((t, f) => t + f.amount, 0);
  } catch (e) {
    if (e instanceof HttpError) return null;
    throw e;
  }
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
  return { payments: rows, processingFee: await processingFee(q, app) };
}
