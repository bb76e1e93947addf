import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LabelKind } from '@lendline/shared/contract';
import { I18N_DIR } from '../../i18n/dictionaries';
import { serverLabel } from '../../i18n/labels';
import { NOTIFICATION_LANGUAGES, type NotificationLang } from '../notifications/texts';

/**
 * Why the loan may not be created yet, as a key of the language files' block loanBlockerTexts and its parameters
 * (codes among them shown by their label), so the credit tab reads it in the reader's language; the English `reason`
 * stays the API's and the refusal's word.
 */
export interface BlockerText {
  key: string;
  params?: Record<string, string | number>;
  labels?: Record<string, LabelKind>;
}

const templates = Object.fromEntries(
  NOTIFICATION_LANGUAGES.map((l) => [l, (JSON.parse(readFileSync(join(I18N_DIR, `${l}.json`), 'utf8')) as { loanBlockerTexts: Record<string, string> }).loanBlockerTexts]),
) as Record<NotificationLang, Record<string, string>>;

/** The text in every language the product ships (a key a language lacks reads in English). */
export function blockerTexts(text: BlockerText): Record<NotificationLang, string> {
  const render = (lang: NotificationLang) =>
    (templates[lang][text.key] ?? templates.en[text.key] ?? text.key).replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = String(text.params?.[name] ?? '');
      const kind = text.labels?.[name];
      return kind ? serverLabel(kind, v, lang) : v;
    });
  return Object.fromEntries(NOTIFICATION_LANGUAGES.map((l) => [l, render(l)])) as Record<NotificationLang, string>;
}
