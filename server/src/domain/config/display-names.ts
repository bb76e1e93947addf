import { CONFIG_NAME_KINDS, type ConfigNameKind, type ConfigNames, type Translations } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { FALLBACK_DECLINE, FALLBACK_LEVEL } from '../approvals/matrix';

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

  const [steps, products, templates, matrices] = await Promise.all([
    db.query<{ steps: unknown }>(`SELECT steps FROM lifecycles WHERE mode = 'SAVED'`),
    db.query<{ product_name: string; description: string; translations: Translations }>(`SELECT product_name, description, translations FROM products`),
    db.query<{ template_name: string; translations: Translations }>(`SELECT template_name, translations FROM templates WHERE mode = 'SAVED'`),
    db.query<{ body: unknown }>(`SELECT body FROM approval_matrices WHERE mode = 'SAVED'`),
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
