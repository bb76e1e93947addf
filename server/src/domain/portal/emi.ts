/** The EMI formula lives in the one pricing engine (@lendline/shared/pricing); kept here under its old name for its callers. */
export { emiTotals as emi } from '@lendline/shared/pricing';
