import type { Dictionary } from '../i18n/translate';

/**
 * Names of configured things a person reads — lifecycle steps and their tasks, products, approval levels, decline
 * reasons, templates — by kind. The configuration records carry them per language (`translations: { hi: { stepName,
 * taskName } }` on a step, `{ hi: { product_name, description } }` on a product (kinds product and productDescription), `{ hi: { name } }` on an approval level,
 * `{ hi: { label } }` on a decline reason, `{ hi: { template_name } }` on a template); the server puts the reader's language's names into the language file it serves, under
 * `configNames.<kind>.<English name>`, so screens look them up like code labels. The English name stays the key and
 * the value every API field, filter and rule carries.
 *
 * Three kinds more (migration 112): `branch` (the sales geography's branches, `geo_branches.translations`, by English
 * name), `team` (keyed by the team's id, since every record names a team by id: the team's name in the language,
 * else its English name, so this kind is served in English too) and `report` (a report list's name, column and
 * filter labels, by English text).
 */
export const CONFIG_NAME_KINDS = ['step', 'task', 'product', 'productDescription', 'approvalLevel', 'declineReason', 'template', 'branch', 'team', 'report'] as const;
export type ConfigNameKind = (typeof CONFIG_NAME_KINDS)[number];
export type ConfigNames = Record<ConfigNameKind, Record<string, string>>;

/** The language file's block holding the configured names (filled by the server, never written by hand). */
export const CONFIG_NAMES_BLOCK = 'configNames';

/** A record's per-language texts: language → field → text (a tenant may add any language). */
export type Translations = Record<string, Record<string, string>>;

/** The configured name in `lang`, else the English name as configured (never empty for a name that exists). */
export function configNameIn(dictionaries: Record<string, Dictionary | undefined>, kind: ConfigNameKind, name: string | null | undefined, lang: string): string {
  if (name == null || name === '') return '';
  const block = dictionaries[lang]?.[CONFIG_NAMES_BLOCK];
  const names = block && typeof block === 'object' ? (block as Record<string, unknown>)[kind] : undefined;
  const text = names && typeof names === 'object' ? (names as Record<string, unknown>)[name] : undefined;
  return typeof text === 'string' && text ? text : name;
}
