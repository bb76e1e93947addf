import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labelIn, type Dictionary, type LabelKind } from '@lendline/shared/contract';
import { I18N_DIR } from './dictionaries';

let dictionaries: Record<string, Dictionary> | null = null;

/**
 * A code's label for texts the server writes (worklog entries, documents): the same language files the browser reads
 * ("labels.<kind>.<code>"), so a person never reads BUREAU_SCORE or APPROVED where a word exists. English by default:
 * what the server stores is read later by whoever opens it.
 */
export function serverLabel(kind: LabelKind, code: string | null | undefined, lang = 'en'): string {
  dictionaries ??= {
    en: JSON.parse(readFileSync(join(I18N_DIR, 'en.json'), 'utf8')) as Dictionary,
    hi: JSON.parse(readFileSync(join(I18N_DIR, 'hi.json'), 'utf8')) as Dictionary,
  };
  return labelIn(dictionaries, kind, code, lang);
}
