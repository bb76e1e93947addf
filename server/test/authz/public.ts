/**
 * Public routes that name no application (issue 28): they answer without a session, and the same to every caller —
 * nobody, the portal customer, any member of staff — so what they show depends on no one's rights. Keyed like the
 * matrix's tables; test/portal-products-summary.test.ts runs each for every caller.
 */
export const PUBLIC_REQUESTS: Record<string, string> = {
  'GET /v3/portal/products': '/v3/portal/products?lang=hi&tenant=northbank',
};
