import { CircuitBreaker, httpClient } from '../credit/http-client';
import type { SystemConfig } from '../credit/types';
import type { AccountVerification, BankVerificationAdapter } from './types';

/**
 * The real provider's HTTP mode, through the same client as the credit adapters (outbound guard, timeout, retries,
 * circuit breaker, credential from the environment variable the config names). Wire contract:
 * POST {base}/bank-accounts/verify with the header Idempotency-Key and {applicationId, accountNumber, ifsc, name}
 * → {reference, status VALID|INVALID_ACCOUNT|INVALID_IFSC, holderName (VALID)}. A reply missing a field is MALFORMED.
 */
const STATUSES = ['VALID', 'INVALID_ACCOUNT', 'INVALID_IFSC'] as const;
const breakers = new Map<string, CircuitBreaker>();

function parse(j: unknown): Omit<AccountVerification, 'raw'> | null {
  if (!j || typeof j !== 'object' || Array.isArray(j)) return null;
  const o = j as Record<string, unknown>;
  const ok = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
  if (!ok(o.reference) || !STATUSES.includes(o.status as (typeof STATUSES)[number])) return null;
  if (o.status === 'VALID' && !ok(o.holderName)) return null;
  return { reference: String(o.reference), status: o.status as AccountVerification['status'], holderName: o.status === 'VALID' ? String(o.holderName) : null };
}

export function httpBankVerification(c: SystemConfig, tenant: string): BankVerificationAdapter {
  const key = `${tenant}|BANK_VERIFICATION|${c.baseUrl}`;
  let breaker = breakers.get(key);
  if (!breaker) breakers.set(key, (breaker = new CircuitBreaker(c.breakerFailures, c.breakerResetMs)));
  const http = httpClient('Bank-account verification', c, breaker);
  return {
    name: 'http',
    async verify(a) {
      const reply = await http.call('POST', '/bank-accounts/verify', { applicationId: a.applicationId, accountNumber: a.accountNumber, ifsc: a.ifsc, name: a.applicantName }, parse, { 'idempotency-key': a.idempotencyKey });
      return { ...reply!.value, raw: JSON.stringify(reply!.value) };
    },
  };
}
