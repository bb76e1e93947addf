import type { MicroflowAction } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { findApplication, type ApplicationRow } from '../applications/row';
import { notFound, refused, refusedMany } from '../errors';
import { emi } from './emi';
import { renderPdf } from '../documents/pdf/render';
import { grievanceFooter } from '../config/grievance';

/**
 * Microflows (§7): rows of table microflows (034) name an executor kind and its settings; this file holds the
 * executors. Each returns the actions the portal applies (shared/src/microflow.ts):
 * - EMI: the EMI of amount, yearly rate and tenure (emi.ts) → APPLICATION_UPDATE of the configured output keys;
 * - LOOKUP: a PIN code in the pincodes table → LOOKUP, then APPLICATION_UPDATE (found) or VERIFY_FIELDS (not);
 * - DOCUMENT: a generated one-page PDF letter of the application → DOWNLOAD_FILE {buffer (base64), type, name}.
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
}

interface LoanKeys {
  amount: string;
  rate: string;
  tenureMonths: string;
}

const DEFAULT_LOAN_KEYS: LoanKeys = { amount: 'loanAmount', rate: 'interestRate', tenureMonths: 'tenureMonths' };

/** A number from a form value: numbers, or text with grouping commas/spaces ("12,50,000"). */
function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return Number(s);
}

/** Looks a key up in the request values, then the application's stored custom fields. */
function valueOf(key: string, values: Record<string, unknown>, app: ApplicationRow): unknown {
  const v = values[key];
  if (v !== undefined && v !== null && v !== '') return v;
  return app.custom_fields?.[key];
}

function loanTerms(config: Record<string, unknown>, values: Record<string, unknown>, app: ApplicationRow) {
  const keys = { ...DEFAULT_LOAN_KEYS, ...((config.inputs as Partial<LoanKeys>) ?? {}) };
  const amount = numberOf(valueOf(keys.amount, values, app));
  const tenure = numberOf(valueOf(keys.tenureMonths, values, app));
  const rawRate = valueOf(keys.rate, values, app);
  const rate = rawRate === undefined || rawRate === null || rawRate === '' ? numberOf(config.defaultRate) : numberOf(rawRate);
  const problems: { label: string; reason: string }[] = [];
  if (amount === null || amount <= 0 || amount > 9999999999) problems.push({ label: keys.amount, reason: 'must be an amount above 0 with at most 10 digits' });
  if (rate === null || rate < 0 || rate > 99.99) problems.push({ label: keys.rate, reason: 'must be an interest rate from 0 to 99.99' });
  if (tenure === null || !Number.isInteger(tenure) || tenure < 1 || tenure > 600) problems.push({ label: keys.tenureMonths, reason: 'must be a whole number of months from 1 to 600' });
  if (problems.length) throw refusedMany(problems);
  return { amount: amount!, rate: rate!, tenureMonths: tenure!, keys };
}

function runEmi(row: MicroflowRow, values: Record<string, unknown>, app: ApplicationRow): MicroflowAction[] {
  const { amount, rate, tenureMonths } = loanTerms(row.config, values, app);
  const result = emi(amount, rate, tenureMonths);
  const outputs = (row.config.outputs as Record<'emi' | 'totalPayment' | 'totalInterest', string | undefined>) ?? { emi: 'estimatedEmi' };
  const update: Record<string, unknown> = {};
  for (const k of ['emi', 'totalPayment', 'totalInterest'] as const) if (outputs[k]) update[outputs[k]!] = result[k];
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

const inr = (n: number) => `INR ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function runDocument(q: Queryable, row: MicroflowRow, values: Record<string, unknown>, app: ApplicationRow, now: Date): Promise<MicroflowAction[]> {
  if (row.config.template !== 'SANCTION_LETTER') throw refused('microFlowId', `${row.microflow_id} names an unknown template`);
  const { amount, rate, tenureMonths } = loanTerms(row.config, values, app);
  const r = emi(amount, rate, tenureMonths);
  const name = [valueOf('firstName', values, app), valueOf('lastName', values, app)].filter((x) => typeof x === 'string' && x).join(' ') || app.applicant_name || 'Applicant';
  const validDays = numberOf(row.config.validityDays) ?? 30;
  const validUntil = new Date(now.getTime() + validDays * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10).split('-').reverse().join('/');
  // pdf-lib with a Unicode font (documents/pdf): a Hindi name prints as itself, not as '?'.
  const title = String(row.config.title ?? 'Sanction letter');
  const pdf = await renderPdf([
    { type: 'title', text: title },
    { type: 'paragraph', text: `Date: ${day(now)}` },
    { type: 'paragraph', text: `Application: ${app.application_id} (${app.product_code})` },
    { type: 'space', height: 8 },
    { type: 'paragraph', text: `Dear ${name},` },
    { type: 'paragraph', text: 'We are pleased to sanction your loan on the following terms:' },
    { type: 'facts', rows: [
      ['Sanctioned amount', inr(amount)],
      ['Interest rate', `${rate.toFixed(2)} % per year`],
      ['Tenure', `${tenureMonths} months`],
      ['Monthly instalment (EMI)', inr(r.emi)],
      ['Total interest', inr(r.totalInterest)],
      ['Total payment', inr(r.totalPayment)],
    ] },
    { type: 'paragraph', text: `This sanction is valid until ${day(validUntil)} and subject to verification of your documents.` },
    { type: 'space', height: 16 },
    { type: 'paragraph', text: 'Lendline' },
  ], { title, lang: 'en', footer: await grievanceFooter(q, 'en') });
  const fileName = String(row.config.fileName ?? 'sanction-letter.pdf').replace('{application_id}', app.application_id);
  return [{ action: 'DOWNLOAD_FILE', buffer: pdf.toString('base64'), type: 'application/pdf', name: fileName }];
}

export async function executeMicroflow(db: Queryable, user: CurrentUser, input: MicroflowInput, now = new Date()) {
  const { rows } = await db.query<MicroflowRow>(`SELECT microflow_id, name, kind, config FROM microflows WHERE microflow_id = $1 AND enabled`, [input.microFlowId]);
  const row = rows[0];
  if (!row) throw notFound('microFlowId', `Microflow ${input.microFlowId} does not exist`);
  // Who may run it on this application is the route's access rule (plugins/app/application-access.ts).
  const app = await findApplication(db, input.applicationId);
  let actions: MicroflowAction[];
  if (row.kind === 'EMI') actions = runEmi(row, input.values, app);
  else if (row.kind === 'LOOKUP') actions = await runLookup(db, row, input.values, app);
  else actions = await runDocument(db, row, input.values, app, now);
  return { microFlowId: row.microflow_id, componentid: input.componentId, application_id: app.application_id, actions };
}
