import { Type } from '@sinclair/typebox';
import { AppId, Json, VerNum, Enum, Nullable } from '../common/schemas';

/** Schemas of the credit and disbursement routes (domain/credit/). */

export const Target = Type.Object({ application_id: AppId, verNum: VerNum });
/** §9: at most 10 integer digits, paise. */
export const Amount = Type.Number({ exclusiveMinimum: 0, maximum: 9999999999.99, multipleOf: 0.01, description: 'INR' });

export { Changed } from '../common/application-schemas';

const Str = Type.String();
const Int = Type.Integer();
const Num = Type.Number();

export const BureauAccount = Type.Object({ lender: Str, type: Str, sanctioned: Num, outstanding: Num, emi: Num, dpd: Num, status: Enum(['ACTIVE', 'CLOSED']) });
export const BureauData = Type.Object({
  reportId: Str, adapter: Str, reference: Str, score: Num, accounts: Type.Array(BureauAccount),
  monthlyObligations: Num, enquiriesLast6Months: Num,
});
export const Month = Type.Object({ month: Str, inflow: Num, outflow: Num, salaryCredit: Num, bounces: Num });
export const BankData = Type.Object({
  reportId: Str, adapter: Str, transactionId: Str, link: Str, months: Type.Array(Month), averageMonthlyInflow: Num, bounces: Num, emiObligations: Num,
});
export const NetFinancing = Type.Object({
  monthlyIncome: Num, monthlyObligations: Num, loanAmount: Num, tenureMonths: Num, ratePercent: Num, foirCap: Num,
  proposedEmi: Num, foir: Type.Number({ description: '(existing obligations + proposed EMI) / net monthly income' }),
  maxEmi: Num, maxEligibleAmount: Num, netFinancingAmount: Num,
  incomeSource: Enum(['DECLARED', 'BANK_STATEMENT']), obligationsSource: Enum(['NONE', 'BUREAU', 'BANK_STATEMENT']),
});
export const Rule = Type.Object({ rule: Str, passed: Type.Boolean(), effect: Enum(['REFER', 'DECLINE']), reason: Str });
export const DeviationItem = Type.Object({ key: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' }), reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) });
export const DecisionData = Type.Object({
  reportId: Str, adapter: Str, reference: Str, outcome: Enum(['APPROVE', 'REFER', 'DECLINE']), rules: Type.Array(Rule),
  netFinancing: NetFinancing, deviations: Type.Array(DeviationItem, { description: 'Deviations this decision sent for approval (refer or policy breach)' }),
  deviationSubTaskId: Nullable(Str), engine: Type.Object({ a: Str, b: Str }),
});

export const CallEvent = Type.Object({ event: Enum(['REQUESTED', 'ESCALATED', 'RELEASED', 'RETURNED', 'QUEUED', 'SENT', 'CONFIRMED', 'FAILED', 'RETRIED', 'RESUMED']), detail: Str, by: Str, at: Str });
export const Release = Type.Object({
  role: Nullable(Type.String({ description: 'The role a releaser holds (the matrix\'s release level, or the level it escalated to)' })),
  waitsFor: Nullable(Type.String({ description: 'While TO_RELEASE: the user it escalated to, or "team <id>" whose members with the role may release it' })),
  waitsForTeam: Nullable(Type.String({ description: 'While TO_RELEASE and not escalated to a user: the id of the team whose members may release it (named by configNames.team)' })),
  releasedBy: Nullable(Type.String({ description: 'Who released or returned it (never the requester)' })),
  releasedAt: Nullable(Str),
  note: Nullable(Str),
}, { description: 'Maker-checker: the second person who releases a requested money call' });
export const Call = Type.Object(
  {
    callId: Type.String({ description: 'The operation\'s idempotency key, sent to the adapter on every attempt' }),
    operation: Enum(['LOAN_CREATION', 'DISBURSEMENT_TRANCHE', 'ACH_MANDATE']),
    trancheNo: Nullable(Int),
    amount: Nullable(Num),
    state: Enum(['TO_RELEASE', 'RETURNED', 'QUEUED', 'SENT', 'CONFIRMED', 'FAILED'], 'TO_RELEASE: requested, waits for a second person; RETURNED: refused by them, never sent'),
    attempts: Int,
    retries: Int,
    reason: Nullable(Str),
    externalRef: Nullable(Str),
    requestedBy: Str,
    release: Release,
    createdAt: Str,
    updatedAt: Str,
    events: Type.Array(CallEvent),
  },
  { description: 'One outbound money call and its history' },
);
export const CallReply = Type.Object({
  data: Call,
  verNum: Type.Integer({ description: 'The application version for the next write' }),
  replayed: Type.Boolean({ description: 'true when this operation had already been requested: the existing call, nothing added' }),
  message: Str,
});

const Deviations = Type.Object({
  subTaskId: Str, status: Enum(['OPEN', 'CLOSED']), source: Str, deviations: Type.Array(Type.Object({ key: Str, reason: Str })),
  resolution: Nullable(Str), raisedBy: Nullable(Str), createdAt: Str, closedAt: Nullable(Str),
});
const Report = Type.Object({ id: Str, kind: Str, adapter: Str, summary: Json('The readable report (shape by kind: as the pull, analysis, calculation or decision answered)'), createdBy: Str, createdAt: Str });
export const BankVerification = Type.Object({
  id: Str,
  account: Type.String({ description: 'The account number by its last four digits' }),
  ifsc: Str,
  status: Enum(['VERIFIED', 'NAME_MISMATCH', 'INVALID_ACCOUNT', 'INVALID_IFSC']),
  verified: Type.Boolean(),
  adapter: Type.String({ description: 'sandbox (no bank was asked) or http (the provider)' }),
  sandbox: Type.Boolean(),
  reference: Nullable(Type.String({ description: "The provider's reference" })),
  nameReturned: Nullable(Type.String({ description: "The account holder's name as the bank returned it" })),
  nameExpected: Type.String({ description: "The applicant's name it was matched with" }),
  matchScore: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  threshold: Type.Integer({ description: 'The score from which the names match' }),
  verifiedBy: Str,
  verifiedAt: Str,
}, { description: 'One verification of a disbursement account' });
export const BankAccount = Type.Object({
  given: Nullable(Type.Object({ accountNumber: Str, ifsc: Str }, { description: 'The account the applicant gave in the flow (bank details)' })),
  verified: Nullable(BankVerification),
  verifications: Type.Array(BankVerification),
}, { description: 'The disbursement account: a tranche goes only to the verified one' });

export const Review = Type.Object({
  application_id: Str,
  verNum: Int,
  consent: Type.Boolean({ description: 'Whether a bureau pull would pass the consent gate: the applicant\'s BUREAU_PULL consent record (or their own flow answer on older applications)' }),
  reports: Type.Object({ BUREAU: Type.Optional(Report), BANK_STATEMENT: Type.Optional(Report), NET_FINANCING: Type.Optional(Report), DECISION: Type.Optional(Report) }),
  verifications: Json('§3 verifications entries of the credit results (key BUREAU, BANK_STATEMENT, DECISION)'),
  deviations: Type.Array(Deviations),
  calls: Type.Array(Call),
  lending: Type.Object({
    status: Str,
    sanctioned: Type.Number({ description: 'The sanctioned amount (customFields.loanAmount)' }),
    requested: Type.Number({ description: 'Tranches requested and not returned' }),
    confirmed: Type.Number({ description: 'Tranches confirmed by core banking' }),
    remaining: Type.Number({ description: 'Left to disburse; no further tranche is accepted at 0' }),
    loanBlocker: Nullable(Type.Object({ label: Str, reason: Str, texts: Type.Record(Type.String({ maxLength: 10 }), Str, { description: 'The reason in each language the product ships (en, hi …), for the screen; reason stays the English word' }) }, { description: 'Why the loan may not be created yet, in words; null once the decision is APPROVE or its deviations are approved and the applicant accepted a current Key Fact Statement (label KFS)' })),
  }),
  bankAccount: BankAccount,
});

export const SystemName = Enum(['BUREAU', 'BANK_STATEMENT', 'DECISION_ENGINE', 'CORE_BANKING', 'MANDATE', 'BANK_VERIFICATION']);
export const SystemConfigInput = Type.Object(
  {
    mode: Enum(['sandbox', 'http']),
    baseUrl: Type.Optional(Type.String({ maxLength: 300, pattern: '^https?://\\S+$' })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 60000 })),
    retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    backoffMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000 })),
    breakerFailures: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    breakerResetMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 600000 })),
    credentialEnv: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Z][A-Z0-9_]{2,63}$', description: 'NAME of the environment variable holding the credential' })),
    sandboxLatencyMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, description: 'Sandbox only: how long a money call takes to answer (demos)' })),
  },
  { additionalProperties: false },
);
export const SystemConfigView = Type.Object({
  system: SystemName, mode: Enum(['sandbox', 'http']), baseUrl: Type.Optional(Str), timeoutMs: Int, retries: Int, backoffMs: Int,
  breakerFailures: Int, breakerResetMs: Int, credentialEnv: Type.Optional(Str), sandboxLatencyMs: Type.Optional(Int),
  credential: Enum(['set', 'missing', 'none'], 'Whether the named variable is set in the server\'s environment (never its value)'),
});
export const Bad = Type.Ref('ErrorBody', { description: 'The external system did not answer (timeout, 5xx, malformed reply, circuit open): §8 body naming the system' });
