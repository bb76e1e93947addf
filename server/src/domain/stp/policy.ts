import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { standingConsents } from '../consent/records';
import { ageOf, applicantOf, loanTermsOf } from '../credit/applicant';
import { findSetupConfig } from '../setup/setup-configs';
import { fieldOptions, type FieldConfig } from '@lendline/shared/contract';
import { flowConfig } from '../config/config-service';
import { NOTIFICATION_LANGUAGES, type NotificationLang } from '../notifications/texts';
import type { WorklogText } from '../tasks/worklog-text';

/**
 * The product-level straight-through policy (setup config Credit/StraightThrough per product; issue 29): which
 * applications may be decided with nobody touching them, and which outcomes may then go unattended. Everything the
 * policy does not cover goes to the officer as before.
 */
export interface StpPolicy {
  enabled: boolean;
  /** The employment types served unattended (the portal's employmentType answer). */
  employmentTypes: string[];
  minAmount: number;
  maxAmount: number;
  minTenureMonths: number;
  maxTenureMonths: number;
  /** Knock-out: the applicant's age on the day of submission. */
  minAge: number;
  maxAge: number;
  /** Knock-out: the pin codes served, by prefix; empty = every pin code. */
  servedPinCodePrefixes: string[];
  /** The engine's outcomes that may end the run without a person: APPROVE (offer + KFS), DECLINE (letter). REFER never. */
  unattended: ('APPROVE' | 'DECLINE')[];
  engine: { ruleSet: string; policy: string };
  /** The lifecycle steps the chain covers: completed with validations by the system user on an unattended APPROVE. */
  completeSteps: string[];
  /** What the applicant is told a referral takes (hours). */
  referralHours: number;
}

/** The seeded personal-loan policy: salaried applicants, ₹50,000 to ₹5 lakh, 6 to 60 months. */
export const STRAIGHT_THROUGH_PL: StpPolicy = {
  enabled: true,
  employmentTypes: ['Salaried'],
  minAmount: 50000,
  maxAmount: 500000,
  minTenureMonths: 6,
  maxTenureMonths: 60,
  minAge: 21,
  maxAge: 60,
  servedPinCodePrefixes: [],
  unattended: ['APPROVE', 'DECLINE'],
  engine: { ruleSet: 'PL', policy: 'CREDIT_POLICY' },
  completeSteps: ['Data Entry', 'Credit Review'],
  referralHours: 4,
};

const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const strs = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The product's policy, or null when it has none (or it is switched off): then nothing runs unattended. */
export async function policyOf(q: Queryable, tenant: string, productCode: string): Promise<StpPolicy | null> {
  const row = await findSetupConfig(q, { category: 'Credit', subCategory: 'StraightThrough', tenant, productCode, onlyEnabled: true });
  const c = row?.config as Record<string, unknown> | undefined;
  if (!c || c.enabled !== true) return null;
  const engine = (c.engine ?? {}) as Record<string, unknown>;
  return {
    enabled: true,
    employmentTypes: strs(c.employmentTypes),
    minAmount: num(c.minAmount, 0),
    maxAmount: num(c.maxAmount, 0),
    minTenureMonths: num(c.minTenureMonths, 1),
    maxTenureMonths: num(c.maxTenureMonths, 480),
    minAge: num(c.minAge, 18),
    maxAge: num(c.maxAge, 100),
    servedPinCodePrefixes: strs(c.servedPinCodePrefixes),
    unattended: strs(c.unattended).filter((o): o is 'APPROVE' | 'DECLINE' => o === 'APPROVE' || o === 'DECLINE'),
    engine: { ruleSet: typeof engine.ruleSet === 'string' ? engine.ruleSet : productCode, policy: typeof engine.policy === 'string' ? engine.policy : 'CREDIT_POLICY' },
    completeSteps: strs(c.completeSteps),
    referralHours: num(c.referralHours, 24),
  };
}

/** Why an application is not run straight through: `code` for the figures, `reason` for the officer. */
export interface Stop {
  code: string;
  reason: string;
  /** The reason as a worklog phrase (key and parameters, block worklogKindTexts): read in the reader's language. Not stored with the run. */
  text?: WorklogText;
}

/** The stops as the run and the audit keep them: code and English reason. */
export const storedStops = (stops: Stop[]) => stops.map(({ code, reason }) => ({ code, reason }));

/** The reason's phrase: its key, else (a stop no check words) the English reason as written. */
export const stopPhrase = (s: Stop): WorklogText => s.text ?? { key: 'stpReasonAsWritten', params: { reason: s.reason } };

const NONE: WorklogText = { key: 'stpNone', params: {} };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The primary applicant's answer to a field, wherever the flow keeps it (customFields or the applicant entry). */
function answer(app: ApplicationRow, key: string): string {
  const list = Array.isArray(app.doc.applicant) ? (app.doc.applicant as Record<string, unknown>[]) : [];
  const p = list.find((a) => a.type === 'primary') ?? list[0] ?? {};
  const values = (p.values ?? {}) as Record<string, unknown>;
  return text(app.custom_fields[key]) || text(values[key]) || text(p[key]);
}

/**
 * Answers of a dropdown field (its option values: "Self-employed") by the option's configured label in each other
 * language (internal_list[].labels), per parameter: what a keyed reason shows a Hindi reader. English keeps the value.
 */
async function optionNames(q: Queryable, app: ApplicationRow, key: string, params: Record<string, string[]>) {
  const flow = app.flow_id ? await flowConfig(q, app.flow_id, app.flow_ver_num) : null;
  const fields: FieldConfig[] = (flow?.sections ?? []).flatMap((s) => s.subSections.flatMap((sub) => [...(sub.fields ?? []), ...(sub.components ?? []).flatMap((c) => c.fields ?? [])]));
  const field = fields.find((f) => f.key === key);
  const options = field ? fieldOptions(field) : [];
  const names: Partial<Record<NotificationLang, Record<string, string>>> = {};
  for (const lang of NOTIFICATION_LANGUAGES.filter((l) => l !== 'en')) {
    const inLang = (v: string) => { const o = options.find((x) => String(x.value) === v); return o?.labels?.[lang] ?? v; };
    names[lang] = Object.fromEntries(Object.entries(params).filter(([, vs]) => vs.length && vs.every(Boolean)).map(([p, vs]) => [p, vs.map(inLang).join(', ')]));
  }
  return names;
}

/**
 * Eligibility: the policy's product bands (employment type, amount, tenure) and the applicant's consents to both paid
 * calls (bureau and bank statement: the chain makes both). Not eligible = the officer's, as before.
 */
export async function eligibility(q: Queryable, app: ApplicationRow, p: StpPolicy): Promise<Stop[]> {
  const out: Stop[] = [];
  const employment = answer(app, 'employmentType');
  if (p.employmentTypes.length && !p.employmentTypes.includes(employment)) out.push({ code: 'EMPLOYMENT_TYPE', reason: `Employment type ${employment || '(none)'} is not served unattended (${p.employmentTypes.join(', ')})`, text: { key: 'stpReasonEmploymentType', params: { employment, allowed: p.employmentTypes.join(', ') }, names: await optionNames(q, app, 'employmentType', { employment: [employment], allowed: p.employmentTypes }), ...(employment ? {} : { parts: { employment: NONE } }) } });
  const { tenureMonths } = loanTermsOf(app);
  if (tenureMonths === null || tenureMonths < p.minTenureMonths || tenureMonths > p.maxTenureMonths) out.push({ code: 'TENURE_BAND', reason: `Tenure ${tenureMonths ?? '(none)'} months is outside ${p.minTenureMonths}–${p.maxTenureMonths}`, text: { key: 'stpReasonTenureBand', params: { tenure: tenureMonths ?? '', min: p.minTenureMonths, max: p.maxTenureMonths }, ...(tenureMonths === null ? { parts: { tenure: NONE } } : {}) } });
  const standing = (await standingConsents(q, app.application_id)).filter((c) => c.applicantType === 'primary');
  for (const purpose of ['BUREAU_PULL', 'BANK_STATEMENT'] as const) {
    if (!standing.some((c) => c.purpose === purpose && c.given)) out.push({ code: `CONSENT_${purpose}`, reason: `The applicant has not consented to ${purpose === 'BUREAU_PULL' ? 'the credit bureau check' : 'the bank-statement analysis'}`, text: { key: purpose === 'BUREAU_PULL' ? 'stpReasonConsentBureau' : 'stpReasonConsentBankStatement', params: {} } });
  }
  return out;
}

/**
 * Knock-outs, before any paid call: age, amount band, pin code served, another open application for the same PAN.
 * A knocked-out application never reaches the bureau; it goes to the officer with the reason.
 */
export async function knockOuts(q: Queryable, app: ApplicationRow, p: StpPolicy, now: Date): Promise<Stop[]> {
  const out: Stop[] = [];
  const applicant = applicantOf(app);
  const age = ageOf(applicant.dateOfBirth, now);
  if (age === null || age < p.minAge || age > p.maxAge) out.push({ code: 'AGE', reason: age === null ? 'No date of birth' : `Age ${age} is outside ${p.minAge}–${p.maxAge}`, text: age === null ? { key: 'stpReasonNoBirthDate', params: {} } : { key: 'stpReasonAge', params: { age, min: p.minAge, max: p.maxAge } } });
  const { loanAmount } = loanTermsOf(app);
  if (loanAmount === null || loanAmount < p.minAmount || loanAmount > p.maxAmount) out.push({ code: 'AMOUNT_BAND', reason: `Loan amount ${loanAmount ?? '(none)'} is outside ${p.minAmount}–${p.maxAmount}`, text: { key: 'stpReasonAmountBand', params: { amount: loanAmount ?? '', min: p.minAmount, max: p.maxAmount }, ...(loanAmount === null ? { parts: { amount: NONE } } : {}) } });
  if (p.servedPinCodePrefixes.length) {
    const pin = answer(app, 'pinCode') || answer(app, 'pincode');
    if (!/^[1-9][0-9]{5}$/.test(pin) || !p.servedPinCodePrefixes.some((x) => pin.startsWith(x))) out.push({ code: 'PIN_CODE', reason: pin ? `Pin code ${pin} is not served` : 'No pin code to check against the areas served', text: pin ? { key: 'stpReasonPinCode', params: { pin } } : { key: 'stpReasonNoPinCode', params: {} } });
  }
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(applicant.pan)) out.push({ code: 'PAN', reason: 'No valid PAN', text: { key: 'stpReasonPan', params: {} } });
  else {
    const { rows } = await q.query(
      `SELECT 1 FROM applications WHERE application_id <> $1 AND status = 'ACTIVE' AND (doc->>'submitted') = 'true'
          AND upper(coalesce(custom_fields->>'panNumber', doc->'applicant'->0->>'panNumber')) = $2 LIMIT 1`,
      [app.application_id, applicant.pan],
    );
    if (rows.length) out.push({ code: 'OPEN_APPLICATION', reason: 'Another application with the same PAN is open', text: { key: 'stpReasonOpenApplication', params: {} } });
  }
  return out;
}
