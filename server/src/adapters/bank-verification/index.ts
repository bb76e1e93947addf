import type { SystemConfig } from '../credit/types';
import { httpBankVerification } from './http';
import { sandboxBankVerification } from './sandbox';
import type { BankVerificationAdapter } from './types';

export * from './types';
export { SANDBOX_ACCOUNTS } from './sandbox';

/** The tenant's ExternalAPI/BANK_VERIFICATION config chooses: the sandbox (default) or the provider over HTTP. */
export function bankVerificationAdapter(c: SystemConfig, tenant: string): BankVerificationAdapter {
  return c.mode === 'http' ? httpBankVerification(c, tenant) : sandboxBankVerification;
}
