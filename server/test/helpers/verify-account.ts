import type { FastifyInstance } from 'fastify';

/**
 * Money goes only to an account verified as the applicant's own (issue 27): tests that disburse verify one first,
 * through the route staff use. The sandbox answers any account but its documented test numbers with the applicant's
 * own name, so this account verifies for every applicant.
 */
export const VERIFIABLE_ACCOUNT = { accountNumber: '123456789012', ifsc: 'HDFC0001234' };

export async function verifyDisbursementAccount(app: FastifyInstance, headers: Record<string, string>, applicationId: string) {
  const res = await app.inject({ method: 'POST', url: '/integration/bankAccount/verify', headers, payload: { application_id: applicationId, ...VERIFIABLE_ACCOUNT } });
  if (res.statusCode !== 200 || res.json().data.status !== 'VERIFIED') throw new Error(`account not verified: ${res.statusCode} ${res.body}`);
  return res.json();
}
