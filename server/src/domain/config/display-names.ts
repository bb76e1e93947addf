import { CONFIG_NAME_KINDS, type ConfigNameKind, type ConfigNames, type Translations } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { FALLBACK_DECLINE, FALLBACK_LEVEL } from '../approvals/matrix';
import { REPORTS } from '../managers/reports';

/**
 * The names of configured things in one language, English name → name in `lang`, by kind (shared
 * labels/config-names.ts): read from the `translations` maps of the SAVED configuration (migration 110). A name with
 * no text in `lang` is left out, so the reader falls back to the English one. The language files the server serves
 * carry this block (routes/platform/i18n.ts): screens then name steps, tasks, products, approval levels, decline
 * reasons and templates in the reader's language with the same lookup as code labels.
 */
export async function configuredNames(db: Queryable, lang: string): Promise<ConfigNames> {
  const names = Object.fromEntries(CONFIG_NAME_KINDS.map((k) => [k, {}])) as ConfigNames;
  const put = (kind: ConfigNameKind, english: unknown, translations: unknown, field: string) => {
    const text = (translations as Translations | undefined)?.[lang]?.[field];
    if (typeof english === 'string' && english && typeof text === 'string' && text.trim()) names[kind][english] = text;
  };

  const [steps, products, templates, matrices, branches, teams, reports] = await Promise.all([
    db.query<{ steps: unknown }>(`SELECT steps FROM lifecycles WHERE mode = 'SAVED'`),
    db.query<{ product_name: string; description: string; translations: Translations }>(`SELECT product_name, description, translations FROM products`),
    db.query<{ template_name: string; translations: Translations }>(`SELECT template_name, translations FROM templates WHERE mode = 'SAVED'`),
    db.query<{ body: unknown }>(`SELECT body FROM approval_matrices WHERE mode = 'SAVED'`),
    db.query<{ name: string; translations: Translations }>(`SELECT name, translations FROM geo_branches`),
    db.query<{ team_id: string; name: string; translations: Translations }>(`SELECT team_id, name, translations FROM teams`),
    db.query<{ config: unknown }>(`SELECT config FROM setup_configs WHERE category = 'Analytics' AND sub_category = 'Reports' AND mode = 'SAVED'`),
  ]);
  for (const row of steps.rows) {
    for (const s of Array.isArray(row.steps) ? (row.steps as Record<string, unknown>[]) : []) {
      put('step', s.stepName, s.translations, 'stepName');
      put('task', s.taskName, s.translations, 'taskName');
    }
  }
  for (const p of products.rows) {
    put('product', p.product_name, p.translations, 'product_name');
    put('productDescription', p.description, p.translations, 'description');
  }
  for (const t of templates.rows) put('template', t.template_name, t.translations, 'template_name');
  // Approval levels and decline reasons sit anywhere in a matrix (bands, exceptions, release, decline): walk it.
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.role === 'string' && typeof o.name === 'string') put('approvalLevel', o.name, o.translations, 'name');
    if (typeof o.code === 'string' && typeof o.label === 'string') put('declineReason', o.label, o.translations, 'label');
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk([FALLBACK_LEVEL, FALLBACK_DECLINE, ...matrices.rows.map((r) => r.body)]);
  for (const b of branches.rows) put('branch', b.name, b.translations, 'name');
  // A team is named by its id in every record (approval chains, SLA by team): keyed by id, and in every language,
  // English included, so a screen never shows an id such as APPROVAL (also a sub-status code) for a team.
  for (const t of teams.rows) names.team[t.team_id] = typeof t.translations?.[lang]?.name === 'string' && t.translations[lang].name.trim() ? t.translations[lang].name : t.name;
  // Report lists: the server's own definitions, then the tenant's configured copy (which may add a language).
  const reportTexts = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(reportTexts);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    put('report', o.name, o.translations, 'name');
    put('report', o.label, o.translations, 'label');
    for (const v of Object.values(o)) if (v && typeof v === 'object') reportTexts(v);
  };
  reportTexts([REPORTS, ...reports.rows.map((r) => r.config)]);
  return names;
}

/** How long this process reuses a language's configured names before reading the configuration again. */
export const NAMES_TTL_MS = 10_000;
const cached = new Map<string, { at: number; names: Promise<ConfigNames> }>();

/** configuredNames, read at most every NAMES_TTL_MS per language (for texts written on every change, such as notifications). */
export function configuredNamesCached(db: Queryable, lang: string, now = Date.now()): Promise<ConfigNames> {
  const hit = cached.get(lang);
  if (hit && now - hit.at < NAMES_TTL_MS) return hit.names;
  const names = configuredNames(db, lang);
  cached.set(lang, { at: now, names });
  names.catch(() => cached.delete(lang));
  return names;
}

/** A product's name in `lang` for a document written in it (a PDF): its configured translation, else the English name. */
export async function productNameIn(db: Queryable, english: string, lang: string): Promise<string> {
  if (lang === 'en') return english;
  return (await configuredNamesCached(db, lang)).product[english] ?? english;
}
