import { useCallback } from 'react';
import { useStore } from 'zustand';
import { i18nStore } from './store';
import { FALLBACK_LANGUAGE } from './languages';
import { translate, type TranslateParams } from './translate';

/** `defaultText` is shown when no dictionary has the key (e.g. a §2/§8 text before en.json loads). */
export type TFunction = (key: string, params?: TranslateParams, defaultText?: string) => string;

/**
 * The translation hook for the shell and every remote: re-renders when the language or its
 * dictionary changes. Remotes get the same store through the @lendline/shared singleton.
 */
export function useT(): TFunction {
  const lang = useStore(i18nStore, (s) => s.lang);
  const dictionaries = useStore(i18nStore, (s) => s.dictionaries);
  return useCallback((key, params, defaultText) => translate(dictionaries, lang, key, params, FALLBACK_LANGUAGE, defaultText), [dictionaries, lang]);
}

export function useLanguage(): string {
  return useStore(i18nStore, (s) => s.lang);
}
