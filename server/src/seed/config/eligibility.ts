import type { Eligibility } from '../../domain/portal/products-summary';

/**
 * Who can apply for each demo product (issue 28: the landing page's "Who can apply"), as a lender would state it:
 * age from and by the end of the loan, the kinds of employment it lends to, and the least income. Kept in the
 * product's configuration (productParameters.eligibility); migration 106 adds it to databases seeded before.
 * Codes, not sentences: the portal words them in the reader's language (its language files).
 */
export const PRODUCT_ELIGIBILITY: Record<'PL' | 'HL' | 'BL', Eligibility> = {
  PL: { minAgeYears: 21, maxAgeYears: 60, employment: ['SALARIED', 'SELF_EMPLOYED', 'PROFESSIONAL'], minMonthlyIncome: 25000 },
  HL: { minAgeYears: 21, maxAgeYears: 70, employment: ['SALARIED', 'SELF_EMPLOYED', 'PROFESSIONAL'], minMonthlyIncome: 30000 },
  BL: { minAgeYears: 25, maxAgeYears: 65, employment: ['BUSINESS'], minAnnualTurnover: 4000000, minYearsInBusiness: 3 },
};
