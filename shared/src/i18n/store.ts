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

const inflight = new Map<string, Promise<Dictionary>>();

export async function loadDictionary(lang: string, fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<Dictionary> {
  const cached = i18nStore.getState().dictionaries[lang];
  if (cached) return cached;
  let p = inflight.get(lang);
  if (!p) {
    p = fetchImpl(i18nUrl(lang), { headers: { Accept: 'application/json' } }).then(async (res) => {
      if (!res.ok) throw new Error(`The ${lang} texts could not be loaded (HTTP ${res.status})`);
      const dict = (await res.json()) as Dictionary;
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
