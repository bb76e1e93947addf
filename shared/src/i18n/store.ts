import { createStore } from 'zustand/vanilla';
import { CONFIG } from '../paths';
import { FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, isSupportedLanguage } from './languages';
import { translate, type Dictionary, type TranslateParams } from './translate';

export interface I18nState {
  lang: string;
  dictionaries: Record<string, Dictionary | undefined>;
  /** The last load error, shown by the shell; the page keeps the fallback language meanwhile. */
  error: string | null;
}

/** One i18n store for the page (shared singleton through Module Federation, like the session). */
export const i18nStore = createStore<I18nState>(() => ({ lang: FALLBACK_LANGUAGE, dictionaries: {}, error: null }));

/**
 * `./assets/i18n/{lang}.json` (§7) resolved against the site root: the shell is served at deep
 * links such as /backstage/tasks, where a page-relative URL would miss the file.
 */
export function i18nUrl(lang: string): string {
  return CONFIG.i18n(lang).replace(/^\.\//, '/');
}

/** The shell's own texts for its frames and the areas' landing pages, built with the shell. */
export function shellI18nUrl(lang: string): string {
  return `/assets/i18n/shell/${lang}.json`;
}

/** Deep merge where `over` wins: the server's dictionary (product wording) over the shell's. */
export function mergeDictionaries(base: Dictionary, over: Dictionary): Dictionary {
  const out: Dictionary = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'object' && v && typeof b === 'object' && b ? mergeDictionaries(b, v) : v;
  }
  return out;
}

const inflight = new Map<string, Promise<Dictionary>>();

async function fetchJson(url: string, fetchImpl: typeof fetch): Promise<Dictionary> {
  const res = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as Dictionary;
}

/**
 * Loads one language: the server's dictionary at the §7 path merged over the shell's bundled
 * texts. Either source alone is enough; the language fails only when both do.
 */
export async function loadDictionary(lang: string, fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<Dictionary> {
  const cached = i18nStore.getState().dictionaries[lang];
  if (cached) return cached;
  let p = inflight.get(lang);
  if (!p) {
    p = Promise.allSettled([fetchJson(shellI18nUrl(lang), fetchImpl), fetchJson(i18nUrl(lang), fetchImpl)]).then(([shell, server]) => {
      if (shell.status === 'rejected' && server.status === 'rejected') {
        throw new Error(`The ${lang} texts could not be loaded (${(server.reason as Error).message})`);
      }
      const dict = mergeDictionaries(shell.status === 'fulfilled' ? shell.value : {}, server.status === 'fulfilled' ? server.value : {});
      i18nStore.setState((s) => ({ dictionaries: { ...s.dictionaries, [lang]: dict } }));
      return dict;
    });
    inflight.set(lang, p);
    p.catch(() => undefined).finally(() => inflight.delete(lang));
  }
  return p;
}

/** Switches language once its dictionary (and the en fallback) are loaded; remembers the choice. */
export async function setLanguage(lang: string, fetchImpl?: typeof fetch): Promise<void> {
  const target = isSupportedLanguage(lang) ? lang : FALLBACK_LANGUAGE;
  try {
    await Promise.all([loadDictionary(FALLBACK_LANGUAGE, fetchImpl), loadDictionary(target, fetchImpl)]);
    i18nStore.setState({ lang: target, error: null });
    try {
      globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, target);
    } catch {
      /* storage may be unavailable (private mode); the choice then lasts this page only */
    }
    if (globalThis.document) document.documentElement.lang = target;
  } catch (e) {
    i18nStore.setState({ error: e instanceof Error ? e.message : String(e) });
  }
}

export function storedLanguage(): string {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isSupportedLanguage(v) ? v : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

/** Translates with the current language (non-React code: the HTTP hooks, toasts). */
export function t(key: string, params?: TranslateParams, defaultText?: string): string {
  const { dictionaries, lang } = i18nStore.getState();
  return translate(dictionaries, lang, key, params, FALLBACK_LANGUAGE, defaultText);
}
