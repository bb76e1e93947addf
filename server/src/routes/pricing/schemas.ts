import { Type } from '@sinclair/typebox';
import { CONTINGENT_BASES, CONTINGENT_CODES, FEE_CODES } from '@lendline/shared/pricing';

const lit = <T extends string>(xs: readonly T[]) => Type.Union(xs.map((x) => Type.Literal(x)));
const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 9999999999.99, description });
const Percent = (description: string) => Type.Number({ minimum: 0, maximum: 99.99, description });
const Months = (description: string) => Type.Integer({ minimum: 1, maximum: 600, description });

export const RateConfig = Type.Union([
  Type.Object({ type: Type.Literal('FIXED'), ratePercent: Percent('Yearly interest rate, % (§9: at most 99.99)') }, { additionalProperties: false }),
  Type.Object({
    type: Type.Literal('FLOATING'),
    benchmarkName: Type.String({ minLength: 1, maxLength: 80, description: 'The external benchmark (e.g. RBI repo rate)' }),
    benchmarkPercent: Percent('The benchmark today, %'),
    spreadPercent: Percent('The lender\'s spread over it, %'),
    resetMonths: Months('How often the rate follows the benchmark'),
  }, { additionalProperties: false }),
]);

export const FeeConfig = Type.Object({
  code: lit(FEE_CODES),
  payableTo: lit(['LENDER', 'THIRD_PARTY'] as const),
  percent: Type.Optional(Percent('% of the loan amount')),
  flat: Type.Optional(Amount('A flat amount, ₹ (added to percent when both)')),
  min: Type.Optional(Amount('At least, ₹')),
  max: Type.Optional(Amount('At most, ₹')),
}, { additionalProperties: false });

export const ContingentCharge = Type.Object({
  code: lit(CONTINGENT_CODES),
  basis: lit(CONTINGENT_BASES),
  value: Type.Number({ minimum: 0, maximum: 9999999999.99, description: '₹ (PER_INSTANCE, PER_REQUEST) or % (the PERCENT bases)' }),
}, { additionalProperties: false });

export const PricingBand = Type.Object({
  minAmount: Amount('Smallest loan amount of the band, ₹'),
  maxAmount: Amount('Largest, ₹'),
  minTenureMonths: Months('Shortest tenure'),
  maxTenureMonths: Months('Longest tenure'),
  rate: RateConfig,
  fees: Type.Array(FeeConfig, { maxItems: 10 }),
  contingent: Type.Array(ContingentCharge, { maxItems: 10 }),
}, { additionalProperties: false });

export const ProductCode = Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,19}$', maxLength: 20 });

export const Pricing = Type.Object({
  productCode: Type.String(),
  version: Type.Integer(),
  bands: Type.Array(PricingBand),
  updatedAt: Type.String({ format: 'date-time' }),
});

const Instalment = Type.Object({
  no: Type.Integer(), date: Type.String(), opening: Type.Number(), principal: Type.Number(), interest: Type.Number(), instalment: Type.Number(), balance: Type.Number(),
});

export const Quote = Type.Object({
  amount: Type.Number(),
  tenureMonths: Type.Integer(),
  rate: RateConfig,
  ratePercent: Type.Number(),
  emi: Type.Number(),
  fees: Type.Array(Type.Object({ code: lit(FEE_CODES), payableTo: lit(['LENDER', 'THIRD_PARTY'] as const), amount: Type.Number() })),
  totalFees: Type.Number(),
  netDisbursed: Type.Number(),
  totalInterest: Type.Number(),
  totalPayable: Type.Number({ description: 'Principal + interest + fees' }),
  apr: Type.Number({ description: 'Annual percentage rate, % (monthly IRR of net disbursal and instalments × 12)' }),
  contingent: Type.Array(ContingentCharge),
  disbursementDate: Type.String(),
  firstDueDate: Type.String(),
  schedule: Type.Array(Instalment),
  pricingVersion: Type.Integer(),
});
