import { DEFAULT_LANGUAGE } from '../constants';

/** Languages the product ships complete dictionaries for (served at /assets/i18n/{code}.json). */
export const SUPPORTED_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'हिन्दी' },
] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]['code'];

/** The user's choice survives reloads and tabs, so it lives in localStorage. */
export const LANGUAGE_STORAGE_KEY = 'lendline.language';

export function isSupportedLanguage(code: unknown): code is LanguageCode {
  return SUPPORTED_LANGUAGES.some((l) => l.code === code);
}

export const FALLBACK_LANGUAGE: LanguageCode = DEFAULT_LANGUAGE as LanguageCode;
