import type { MicroflowAction } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { findApplication, type ApplicationRow } from '../applications/row';
import { notFound, refused } from '../errors';
import { requestedTerms } from '../pricing/application-terms';
import { quoteFor } from '../pricing/store';
import { renderPdf } from '../documents/pdf/render';
import { grievanceFooter } from '../config/grievance';

/**
 * Microflows (§7): rows of table microflows (034) name an executor kind and its settings; this file holds the
 * executors. Each returns the actions the portal applies (shared/src/microflow.ts):
 * - EMI: the quote of amount and tenure under the product's pricing (domain/pricing, the shared engine) → APPLICATION_UPDATE
 *   of the configured output keys (EMI, rate, APR, fees, totals);
 * - LOOKUP: a PIN code in the pincodes table → LOOKUP, then APPLICATION_UPDATE (found) or VERIFY_FIELDS (not);
 * - DOCUMENT: the indicative sanction letter (before submission: says it is not a sanction) → DOWNLOAD_FILE {buffer (base64), type, name}.
 * Inputs are the form's values, falling back to what the application has stored.
 */
interface MicroflowRow {
  microflow_id: string;
  name: string;
  kind: 'EMI' | 'LOOKUP' | 'DOCUMENT';
  config: Record<string, unknown>;
}

export interface MicroflowInput {
  microFlowId: string;
  applicationId: string;
  componentId?: string;
  values: Record<string, unknown>;
  /** The language of a generated document (en by default). */
  lang?: 'en' | 'hi';
}

/** The form keys a microflow reads amount and tenure from (its config's inputs). */
function loanKeys(config: Record<string, unknown>) {
  const inputs = (config.inputs as { amount?: string; tenureMonths?: string } | undefined) ?? {};
  return { amount: inputs.amount ?? 'loanAmount', tenureMonths: inputs.tenureMonths ?? 'tenureMonths' };
}

/** Looks a key up in the request values, then the application's stored custom fields. */
function valueOf(key: string, values: Record<string, unknown>, app: ApplicationRow): unknown {
  const v = values[key];
  if (v !== undefined && v !== null && v !== '') return v;
  return app.custom_fields?.[key];
}

/** The quote (rate from the product's pricing band, EMI, fees, totals, APR) for the form's amount and tenure. */
async function quoteOf(db: Queryable, config: Record<string, unknown>, values: Record<string, unknown>, app: ApplicationRow, now: Date) {
  const keys = loanKeys(config);
  const terms = requestedTerms(app, values, keys);
  return quoteFor(db, app.product_code, terms, now);
}

/** What an EMI microflow can write back: the engine's figures, under the keys its config's outputs name. */
const EMI_OUTPUTS = ['emi', 'totalPayment', 'totalInterest', 'interestRate', 'apr', 'totalFees', 'totalPayable'] as const;

async function runEmi(db: Queryable, row: MicroflowRow, values: Record<string, unknown>, app: ApplicationRow, now: Date): Promise<MicroflowAction[]> {
  const q = await quoteOf(db, row.config, values, app, now);
  const figures: Record<(typeof EMI_OUTPUTS)[number], number> = {
    emi: q.emi,
    totalPayment: Math.round((q.amount + q.totalInterest) * 100) / 100,
    totalInterest: q.totalInterest,
    interestRate: q.ratePercent,
    apr: q.apr,
    totalFees: q.totalFees,
    totalPayable: q.totalPayable,
  };
  const outputs = (row.config.outputs as Partial<Record<(typeof EMI_OUTPUTS)[number], string>>) ?? { emi: 'estimatedEmi' };
  const update: Record<string, unknown> = {};
  for (const k of EMI_OUTPUTS) if (outputs[k]) update[outputs[k]!] = figures[k];
  return [{ action: 'APPLICATION_UPDATE', values: update }];
}

async function runLookup(db: Queryable, row: MicroflowRow, values: Record<string, unknown>, app: ApplicationRow): Promise<MicroflowAction[]> {
  const input = String(row.config.input ?? 'pinCode');
  const raw = valueOf(input, values, app);
  const pincode = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9][0-9]{5}$/.test(pincode)) throw refused(input, 'must be a 6-digit PIN code');
  if (row.config.table !== 'pincodes') throw refused('microFlowId', `${row.microflow_id} looks up an unknown table`);
  const { rows } = await db.query<{ city: string; district: string; state: string }>(`SELECT city, district, state FROM pincodes WHERE pincode = $1`, [pincode]);
  const found = rows[0];
  if (!found) {
    return [
      { action: 'LOOKUP', key: input, value: pincode, found: false },
      { action: 'VERIFY_FIELDS', fields: [{ key: input, verified: false, reason: `PIN code ${pincode} was not found` }] },
    ];
  }
  const outputs = (row.config.outputs as Record<string, string>) ?? {};
  const update: Record<string, unknown> = {};
  for (const [col, key] of Object.entries(outputs)) if (col in found) update[key] = found[col as keyof typeof found];
  return [
    { action: 'LOOKUP', key: input, value: pincode, found: true, result: { ...found } },
    { action: 'VERIFY_FIELDS', fields: [{ key: input, verified: true }] },
    { action: 'APPLICATION_UPDATE', values: update },
  ];
}

const inr = (n: number) => `₹ ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');

/** The indicative letter's words, per language: it says, before anything else, that it is not a sanction. */
const INDICATIVE = {
  en: {
    title: 'Indicative loan terms (not a sanction letter)',
    notice: 'This is an indicative illustration of the terms you asked for, based on our current pricing. It is NOT a sanction of your loan and NOT an offer: a loan is sanctioned only after your application is assessed and approved, and you will then receive a Key Fact Statement to accept.',
    date: 'Date', application: 'Application', dear: (n: string) => `Dear ${n},`,
    intro: 'If your loan were sanctioned today on these terms, it would look like this:',
    rows: ['Loan amount asked for', 'Interest rate', 'Tenure', 'Monthly instalment (EMI)', 'Fees deducted at disbursement', 'Total interest', 'Total amount payable', 'Annual percentage rate (APR)'],
    perYear: '% per year', months: 'months',
    valid: (d: string) => `These figures are indicative until ${d}; pricing may change. Lendline`,
  },
  hi: {
    title: 'सांकेतिक ऋण शर्तें (स्वीकृति पत्र नहीं)',
    notice: 'यह आपकी माँगी गई शर्तों का हमारे वर्तमान मूल्य-निर्धारण पर आधारित एक सांकेतिक उदाहरण है। यह आपके ऋण की स्वीकृति नहीं है और न ही कोई प्रस्ताव है: ऋण आपके आवेदन के आकलन और अनुमोदन के बाद ही स्वीकृत होता है, और तब आपको स्वीकार करने के लिए मुख्य तथ्य विवरण (KFS) मिलेगा।',
    date: 'दिनांक', application: 'आवेदन', dear: (n: string) => `प्रिय ${n},`,
    intro: 'यदि आपका ऋण आज इन शर्तों पर स्वीकृत होता, तो वह ऐसा होता:',
    rows: ['माँगी गई ऋण राशि', 'ब्याज दर', 'अवधि', 'मासिक किस्त (EMI)', 'संवितरण पर काटे जाने वाले शुल्क', 'कुल ब्याज', 'देय कुल राशि', 'वार्षिक प्रतिशत दर (APR)'],
    perYear: '% प्रति वर्ष', months: 'महीने',
    valid: (d: string) => `ये आँकड़े ${d} तक सांकेतिक हैं; मूल्य-निर्धारण बदल सकता है। Lendline`,
  },
} as const;

/**
 * The "indicative sanction letter" of the review step: before submission nothing is sanctioned, so the document says
 * plainly that it is an indicative illustration, not a sanction, with the figures of the product's pricing.
 */
async function runDocument(db: Queryable, row: MicroflowRow, values: Record<string, unknown>, app: ApplicationRow, now: Date, lang: 'en' | 'hi'): Promise<MicroflowAction[]> {
  if (row.config.template !== 'SANCTION_LETTER') throw refused('microFlowId', `${row.microflow_id} names an unknown template`);
  const q = await quoteOf(db, row.config, values, app, now);
  const w = INDICATIVE[lang];
  const name = [valueOf('firstName', values, app), valueOf('lastName', values, app)].filter((x) => typeof x === 'string' && x).join(' ') || app.applicant_name || app.application_id;
  const validDays = typeof row.config.validityDays === 'number' ? row.config.validityDays : 30;
  const validUntil = new Date(now.getTime() + validDays * 86_400_000);
  // pdf-lib with a Unicode font (documents/pdf): Hindi prints as itself, not as '?'.
  const pdf = await renderPdf([
    { type: 'title', text: w.title },
    { type: 'paragraph', text: w.notice },
    { type: 'paragraph', text: `${w.date}: ${day(now)} · ${w.application}: ${app.application_id} (${app.product_code})` },
    { type: 'space', height: 8 },
    { type: 'paragraph', text: w.dear(name) },
    { type: 'paragraph', text: w.intro },
    { type: 'facts', rows: [
      [w.rows[0], inr(q.amount)],
      [w.rows[1], `${q.ratePercent.toFixed(2)} ${w.perYear}`],
      [w.rows[2], `${q.tenureMonths} ${w.months}`],
      [w.rows[3], inr(q.emi)],
      [w.rows[4], inr(q.totalFees)],
      [w.rows[5], inr(q.totalInterest)],
      [w.rows[6], inr(q.totalPayable)],
      [w.rows[7], `${q.apr.toFixed(2)} %`],
    ] },
    { type: 'paragraph', text: w.valid(day(validUntil)) },
  ], { title: w.title, lang, footer: await grievanceFooter(db, lang) });
  const fileName = String(row.config.fileName ?? 'indicative-terms.pdf').replace('{application_id}', app.application_id);
  return [{ action: 'DOWNLOAD_FILE', buffer: pdf.toString('base64'), type: 'application/pdf', name: fileName }];
}

export async function executeMicroflow(db: Queryable, user: CurrentUser, input: MicroflowInput, now = new Date()) {
  const { rows } = await db.query<MicroflowRow>(`SELECT microflow_id, name, kind, config FROM microflows WHERE microflow_id = $1 AND enabled`, [input.microFlowId]);
  const row = rows[0];
  if (!row) throw notFound('microFlowId', `Microflow ${input.microFlowId} does not exist`);
  // Who may run it on this application is the route's access rule (plugins/app/application-access.ts).
  const app = await findApplication(db, input.applicationId);
  let actions: MicroflowAction[];
  if (row.kind === 'EMI') actions = await runEmi(db, row, input.values, app, now);
  else if (row.kind === 'LOOKUP') actions = await runLookup(db, row, input.values, app);
  else actions = await runDocument(db, row, input.values, app, now, input.lang ?? 'en');
  return { microFlowId: row.microflow_id, componentid: input.componentId, application_id: app.application_id, actions };
}
