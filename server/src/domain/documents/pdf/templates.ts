import { BANK_TIME_ZONE, formatCurrency, formatDate } from '@lendline/shared/contract';
import type { Queryable } from '../../../db/db';
import type { ApplicationRow } from '../../applications/row';
import { notFound, refused, refusedMany } from '../../errors';
import { quoteOfApplication } from '../../pricing/application-terms';
import { emiSchedule } from './emi-schedule';
import { missingGlyphs } from './fonts';
import { grievanceFooter } from '../../config/grievance';
import { renderPdf, type Block } from './render';
import { productNameIn } from '../../config/display-names';

/** Languages the PDF templates are written in (the portal's and the backstage's: en, hi). */
export const PDF_LANGUAGES = ['en', 'hi'] as const;
export type PdfLanguage = (typeof PDF_LANGUAGES)[number];

/** A template block: a render block, or the EMI schedule table (filled from the loan terms). */
export type TemplateBlock = Block | { type: 'emiSchedule'; head: string[] };

export interface PdfTemplateBody {
  fileName: string;
  content: Partial<Record<PdfLanguage, TemplateBlock[]>>;
}

export const PLACEHOLDERS = [
  'application_id', 'applicant_name', 'product_name', 'date', 'valid_until', 'lang',
  'loan_amount', 'interest_rate', 'tenure_months', 'emi', 'total_interest', 'total_payment',
] as const;

interface TemplateRow {
  template_id: string;
  template_name: string;
  ver_num: number;
  body: unknown;
}

/** The newest SAVED version of a PDF template that has content (a block layout per language). */
export async function latestPdfTemplate(q: Queryable, templateId: string): Promise<TemplateRow & { body: PdfTemplateBody }> {
  const { rows } = await q.query<TemplateRow>(
    `SELECT template_id, template_name, ver_num, body FROM templates
      WHERE template_id = $1 AND template_type = 'PDF' AND mode = 'SAVED' AND body ? 'content' ORDER BY ver_num DESC LIMIT 1`,
    [templateId],
  );
  if (!rows[0]) throw notFound('template_id', `There is no PDF template ${templateId}`);
  return rows[0] as TemplateRow & { body: PdfTemplateBody };
}

/** ₹ with Indian digit grouping (§9: INR, lakh-style), two decimals: the shared format module's, as every screen shows it. */
export const inr = (n: number) => `₹ ${formatCurrency(n, 'INR', { exact: true })}`;
/** DD/MM/YYYY of the day in the bank's time zone (a document is read away from any browser). */
const day = (d: Date) => formatDate(d, { timeZone: BANK_TIME_ZONE });

/**
 * The loan terms of the application: amount and tenure from its answers, the yearly rate from its product's pricing
 * band for them (domain/pricing; no rate is written in code). 400 naming what is missing or not priced.
 */
export async function loanTermsOf(q: Queryable, app: ApplicationRow, now = new Date()) {
  const quote = await quoteOfApplication(q, app, {}, now);
  return { amount: quote.amount, rate: quote.ratePercent, tenureMonths: quote.tenureMonths, quote };
}

/** The product's name in the document's language (its configured translation, else the English name). */
async function productName(q: Queryable, code: string, lang: string): Promise<string> {
  const { rows } = await q.query<{ product_name: string }>(`SELECT product_name FROM products WHERE product_code = $1`, [code]);
  return productNameIn(q, rows[0]?.product_name ?? code, lang);
}

/**
 * Fills a template from the application in the language asked for and renders it (render.ts, Unicode font): the
 * sanction letter, the key-fact statement with its EMI schedule, or any PDF template staff wrote.
 */
export async function generateFromTemplate(q: Queryable, app: ApplicationRow, templateId: string, lang: PdfLanguage, now = new Date(), validityDays = 30) {
  const template = await latestPdfTemplate(q, templateId);
  const blocks = template.body.content[lang];
  if (!blocks?.length) throw refused('lang', `Template ${templateId} has no ${lang} version`);
  const terms = await loanTermsOf(q, app, now);
  const schedule = emiSchedule(terms.amount, terms.rate, terms.tenureMonths, now);
  const values: Record<(typeof PLACEHOLDERS)[number], string> = {
    application_id: app.application_id,
    applicant_name: app.applicant_name || app.application_id,
    product_name: await productName(q, app.product_code, lang),
    date: day(now),
    valid_until: day(new Date(now.getTime() + validityDays * 86_400_000)),
    lang,
    loan_amount: inr(terms.amount),
    interest_rate: `${terms.rate.toFixed(2)} %`,
    tenure_months: String(terms.tenureMonths),
    emi: inr(schedule.emi),
    total_interest: inr(schedule.totalInterest),
    total_payment: inr(schedule.totalPayment),
  };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in values ? values[k as keyof typeof values] : m));
  const out: Block[] = blocks.map((b): Block => {
    switch (b.type) {
      case 'emiSchedule':
        return { type: 'table', head: b.head.map(fill), rows: schedule.rows.map((r) => [String(r.month), inr(r.emi), inr(r.principal), inr(r.interest), inr(r.balance)]), align: ['left', 'right', 'right', 'right', 'right'] };
      case 'facts':
        return { type: 'facts', rows: b.rows.map(([k, v]) => [fill(k), fill(v)] as [string, string]) };
      case 'table':
        return { ...b, head: b.head.map(fill), rows: b.rows.map((r) => r.map(fill)) };
      case 'space':
        return b;
      default:
        return { ...b, text: fill(b.text) };
    }
  });
  const title = out.find((b) => b.type === 'title');
  const pdf = await renderPdf(out, { title: title && 'text' in title ? title.text : template.template_name, lang, footer: await grievanceFooter(q, lang) });
  const fileName = fill(template.body.fileName || `${templateId.toLowerCase()}-{{application_id}}.pdf`).replace(/[^\w.-]/g, '_');
  return { pdf, fileName, template: { template_id: template.template_id, verNum: template.ver_num } };
}

/**
 * Checks a template body staff send: at least one language, blocks of the known types, placeholders that exist and
 * letters the font can print (else the PDF would show empty boxes). Every problem is reported at once (400/1101).
 */
export function checkTemplateBody(body: PdfTemplateBody): void {
  const problems: { label: string; reason: string }[] = [];
  const langs = Object.keys(body.content) as PdfLanguage[];
  if (!langs.length) problems.push({ label: 'content', reason: 'must have the blocks of at least one language (en, hi)' });
  for (const lang of langs) {
    const texts: string[] = [];
    for (const b of body.content[lang] ?? []) {
      if (b.type === 'title' || b.type === 'heading' || b.type === 'paragraph') texts.push(b.text);
      else if (b.type === 'facts') texts.push(...b.rows.flat());
      else if (b.type === 'table') texts.push(...b.head, ...b.rows.flat());
      else if (b.type === 'emiSchedule') {
        texts.push(...b.head);
        if (b.head.length !== 5) problems.push({ label: `content.${lang}`, reason: 'The EMI schedule needs five column names: month, EMI, principal, interest, balance' });
      }
    }
    texts.push(body.fileName);
    const joined = texts.join('\n');
    for (const m of joined.matchAll(/\{\{(\w+)\}\}/g)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(m[1])) problems.push({ label: `content.${lang}`, reason: `{{${m[1]}}} is not a placeholder (${PLACEHOLDERS.join(', ')})` });
    }
    const missing = missingGlyphs(joined.replace(/\{\{\w+\}\}/g, ''));
    if (missing.length) problems.push({ label: `content.${lang}`, reason: `The font cannot print ${missing.slice(0, 10).join(' ')}` });
  }
  if (problems.length) throw refusedMany(problems);
}

/** Stores the body as the template's next version (verNum = highest + 1); returns the new verNum. */
export async function saveTemplateVersion(q: Queryable, input: { template_id: string; template_name: string; body: PdfTemplateBody }): Promise<number> {
  const { rows: existing } = await q.query<{ template_type: string }>(`SELECT template_type FROM templates WHERE template_id = $1 LIMIT 1`, [input.template_id]);
  if (existing[0] && existing[0].template_type !== 'PDF') throw refused('template_id', `${input.template_id} is a ${existing[0].template_type} template, not a PDF one`);
  const { rows } = await q.query<{ ver_num: number }>(
    `INSERT INTO templates (template_id, ver_num, mode, template_name, template_type, body)
     SELECT $1, coalesce(max(ver_num), 242) + 1, 'SAVED', $2, 'PDF', $3::jsonb FROM templates WHERE template_id = $1
     RETURNING ver_num`,
    [input.template_id, input.template_name, JSON.stringify(input.body)],
  );
  return rows[0].ver_num;
}
