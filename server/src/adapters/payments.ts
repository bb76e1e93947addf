import { createHash, randomBytes } from 'node:crypto';

/**
 * Payment adapter: a gateway behind an interface, like the notification adapter (notify.ts), with a local sandbox
 * as the embedded default. The domain (domain/portal/payments.ts) records what the adapter answers.
 */
export interface PaymentAdapter {
  readonly name: string;
  charge(input: { applicationId: string; amount: number; purpose: string }): Promise<{ status: 'SUCCESS' | 'FAILED'; reference: string; reason?: string }>;
}

/**
 * Deterministic sandbox: every charge succeeds except amounts ending in .13 paise (a documented way to see the
 * failure path). Nothing leaves the machine; the reference is a hash of the input and a random salt.
 */
export const sandboxPayments: PaymentAdapter = {
  name: 'sandbox',
  async charge({ applicationId, amount, purpose }) {
    const reference = `SBX-${createHash('sha256').update(`${applicationId}|${amount}|${purpose}|${randomBytes(4).toString('hex')}`).digest('hex').slice(0, 12).toUpperCase()}`;
    if (Math.round(amount * 100) % 100 === 13) return { status: 'FAILED', reference, reason: 'Declined by the sandbox (amounts ending in .13 always fail)' };
    return { status: 'SUCCESS', reference };
  },
};
