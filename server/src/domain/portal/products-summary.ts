import { DEFAULT_FLOW_VERSION, type Eligibility, type EmploymentKind, type ProductSummary } from '@lendline/shared/contract';
import { ratePercentOf, type PricingBand } from '@lendline/shared/pricing';
import type { Queryable } from '../../db/db';

/** Who may apply for a product, as its configuration (productParameters.eligibility) states it. */
export const EMPLOYMENT_KINDS = ['SALARIED', 'SELF_EMPLOYED', 'PROFESSIONAL', 'BUSINESS'] as const satisfies readonly EmploymentKind[];
export type { EmploymentKind, Eligibility, ProductSummary };

interface Row {
  product_code: string;
  product_name: string;
  description: string;
  currency: string;
  max_joint: number;
  params: Record<string, unknown> | null;
  bands: PricingBand[] | null;
  documents: { key: string; label: string; required: boolean }[] | null;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Only what the configuration states well-formed: a half-configured eligibility is shown as none rather than invented. */
function eligibilityOf(v: unknown): Eligibility | null {
  if (!v || typeof v !== 'object') return null;
  const e = v as Record<string, unknown>;
  const minAge = num(e.minAgeYears);
  const maxAge = num(e.maxAgeYears);
  const employment = Array.isArray(e.employment) ? e.employment.filter((k): k is EmploymentKind => (EMPLOYMENT_KINDS as readonly unknown[]).includes(k)) : [];
  if (minAge === null || maxAge === null || minAge > maxAge || !employment.length) return null;
  const out: Eligibility = { minAgeYears: minAge, maxAgeYears: maxAge, employment };
  for (const k of ['minMonthlyIncome', 'minAnnualTurnover', 'minYearsInBusiness'] as const) {
    const n = num(e[k]);
    if (n !== null && n >= 0) out[k] = n;
  }
  return out;
}

function rangeOf(min: unknown, max: unknown): { min: number; max: number } | null {
  const a = num(min);
  const b = num(max);
  return a !== null && b !== null && a > 0 && a <= b ? { min: a, max: b } : null;
}

/**
 * The landing page's products in one read (issue 28): each enabled product with its amount and tenure ranges (the
 * product's parameters at the default configuration version; the shortest tenure from its pricing when the
 * parameters do not name one), the rate range of its pricing, who can apply, the documents its flow asks for (labels
 * in `lang`, English where the flow has no translation) and its pricing bands. Nothing else: no versions, editors,
 * flags or flow ids.
 */
export async function productsSummary(db: Queryable, lang: 'en' | 'hi'): Promise<ProductSummary[]> {
  const { rows } = await db.query<Row>(
    `SELECT p.product_code, p.product_name, p.description, p.currency, p.max_joint_applicants AS max_joint,
            pc.body -> 'productParameters' AS params, pp.bands,
            (SELECT json_agg(json_build_object(
                      'key', f.key,
                      'label', coalesce(hi.value, en.value, f.body ->> 'label', f.key),
                      'required', coalesce((f.body -> 'field_type_details' ->> 'mandatory')::boolean, false))
                    ORDER BY s.ord, ss.ord, f.ord)
               FROM flows fl
               JOIN flow_sub_sections ss ON ss.flow_id = fl.flow_id AND ss.ver_num = fl.ver_num AND ss.mode = fl.mode
               JOIN flow_sections s ON s.flow_id = ss.flow_id AND s.section_id = ss.section_id AND s.ver_num = ss.ver_num AND s.mode = ss.mode
               JOIN components c ON c.identifier = fl.flow_id AND c.ver_num = fl.ver_num AND c.mode = fl.mode
                                AND (ss.body -> 'componentIds') ? c.component_id
               JOIN fields f ON f.component_id = c.component_id AND f.ver_num = c.ver_num AND f.mode = c.mode
               LEFT JOIN translations en ON en.flow_id = fl.flow_id AND en.type = 'fields' AND en.lang = 'en' AND en.key = f.key AND en.ver_num = fl.ver_num AND en.mode = fl.mode
               LEFT JOIN translations hi ON $2 = 'hi' AND hi.flow_id = fl.flow_id AND hi.type = 'fields' AND hi.lang = 'hi' AND hi.key = f.key AND hi.ver_num = fl.ver_num AND hi.mode = fl.mode
              WHERE fl.product_code = p.product_code AND fl.mode = 'SAVED' AND fl.ver_num = $1
                AND fl.flow_id = coalesce(pc.body -> 'productParameters' ->> 'flowId', fl.flow_id)
                AND f.field_type = 'fileUploadHub'
                AND coalesce((f.body ->> 'enable')::boolean, true)) AS documents
       FROM products p
       LEFT JOIN product_configs pc ON pc.product_code = p.product_code AND pc.mode = 'SAVED' AND pc.ver_num = $1
       LEFT JOIN product_pricing pp ON pp.product_code = p.product_code
      WHERE p.enabled
      ORDER BY p.sort_order, p.product_code`,
    [DEFAULT_FLOW_VERSION, lang],
  );
  return rows.map((r) => {
    const params = r.params ?? {};
    const bands = r.bands ?? [];
    const rates = bands.map((b) => ratePercentOf(b.rate));
    const shortest = bands.length ? Math.min(...bands.map((b) => b.minTenureMonths)) : null;
    return {
      productCode: r.product_code,
      name: r.product_name,
      description: r.description,
      maximumJointApplicants: r.max_joint,
      currency: r.currency,
      amount: rangeOf(params.minAmount, params.maxAmount),
      tenureMonths: rangeOf(params.minTenureMonths ?? shortest, params.maxTenureMonths),
      rate: rates.length ? { minPercent: Math.min(...rates), maxPercent: Math.max(...rates), floating: bands.some((b) => b.rate.type === 'FLOATING') } : null,
      eligibility: eligibilityOf(params.eligibility),
      documents: r.documents ?? [],
      bands,
    };
  });
}

/**
 * How long the landing page's first paint (http/first-paint.ts) reuses a read of the summary: the read is most of
 * the server's answer for /newapplication (~5-8 ms of ~14), and the summary is served with a 5-minute max-age anyway,
 * so a configuration edit shows in the painted page within seconds, sooner than in a browser's cached read.
 */
export const PAINTED_SUMMARY_TTL_MS = 5_000;
const painted = new WeakMap<Queryable, Map<string, { at: number; data: Promise<ProductSummary[]> }>>();

/** productsSummary, read at most every PAINTED_SUMMARY_TTL_MS per database and language (concurrent pages share one read). */
export function productsSummaryCached(db: Queryable, lang: 'en' | 'hi', now = Date.now()): Promise<ProductSummary[]> {
  let byLang = painted.get(db);
  if (!byLang) painted.set(db, (byLang = new Map()));
  const hit = byLang.get(lang);
  if (hit && now - hit.at < PAINTED_SUMMARY_TTL_MS) return hit.data;
  const data = productsSummary(db, lang);
  const entry = { at: now, data };
  byLang.set(lang, entry);
  // A failed read is not reused: the next page reads again.
  data.catch(() => byLang.get(lang) === entry && byLang.delete(lang));
  return data;
}
