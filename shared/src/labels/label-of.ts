import { FALLBACK_LANGUAGE } from '../i18n/languages';
import { translate, type Dictionary } from '../i18n/translate';
import { humanizeCode, labelKey, type LabelKind } from './codes';

/**
 * A code's label in `lang` from the given dictionaries (the language files), falling back to English and at last
 * to the code in words — never to the code itself. Pure, so the server (PDFs, server-made texts) and the browser
 * share it; the browser's `labelOf` (./use-label.ts) passes the page's loaded dictionaries.
 */
export function labelIn(dictionaries: Record<string, Dictionary | undefined>, kind: LabelKind, code: string | null | undefined, lang: string = FALLBACK_LANGUAGE): string {
  if (code == null || code === '') return '';
  const key = labelKey(kind, code);
  const text = translate(dictionaries, lang, key, undefined, FALLBACK_LANGUAGE, '');
  return text || humanizeCode(code);
}
