/** A dictionary as served in /assets/i18n/{lang}.json: flat dotted keys or nested objects. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}
export type TranslateParams = Record<string, string | number>;

function lookup(dict: Dictionary | undefined, key: string): string | undefined {
  if (!dict) return undefined;
  const flat = dict[key];
  if (typeof flat === 'string') return flat;
  let node: string | Dictionary | undefined = dict;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, params?: TranslateParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * Translates `key` in `lang`, falling back to the fallback language (en) and at last to the key
 * `defaultText` (contract texts that must show even before a dictionary loads) or the key
 * itself, so a missing entry is visible but never breaks a page. `{name}` placeholders are filled.
 */
export function translate(dictionaries: Record<string, Dictionary | undefined>, lang: string, key: string, params?: TranslateParams, fallback = 'en', defaultText?: string): string {
  const text = lookup(dictionaries[lang], key) ?? lookup(dictionaries[fallback], key) ?? defaultText ?? key;
  return interpolate(text, params);
}
