import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../../db/db';
import { I18N_DIR } from '../../i18n/dictionaries';
import { serverLabel } from '../../i18n/labels';
import type { LabelKind } from '@lendline/shared/contract';
import { configuredNamesCached } from '../config/display-names';
import { NAME_PARAMS, NOTIFICATION_LANGUAGES, type NotificationLang } from '../notifications/texts';

/**
 * A worklog entry as a key and parameters (the language files' block worklogTexts), so the worklogs tab reads it in
 * the reader's language; `names` holds the parameters that are configured names (step, level, decline reason) in each
 * other language, resolved when written. Entries written as plain sentences (older ones, and kinds not keyed yet)
 * keep showing their English comment.
 */
export interface WorklogText {
  key: string;
  params: Record<string, string | number>;
  names?: Partial<Record<NotificationLang, Record<string, string>>>;
  /** Parameters that are codes, by their label kind: shown by their label in each language. */
  labels?: Record<string, LabelKind>;
}
export type Worklog = string | WorklogText;

/** The entries' texts: block worklogTexts, and documentWorklogTexts for the document changes (documents/record.ts). */
const templates = Object.fromEntries(
  NOTIFICATION_LANGUAGES.map((l) => {
    const d = JSON.parse(readFileSync(join(I18N_DIR, `${l}.json`), 'utf8')) as { worklogTexts: Record<string, string>; documentWorklogTexts?: Record<string, string> };
    return [l, { ...d.worklogTexts, ...d.documentWorklogTexts }];
  }),
) as Record<NotificationLang, Record<string, string>>;

export function renderWorklog(text: WorklogText, lang: NotificationLang = 'en'): string {
  const template = templates[lang]?.[text.key] ?? templates.en[text.key] ?? text.key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const kind = text.labels?.[name];
    if (kind) return serverLabel(kind, String(text.params[name] ?? ''), lang);
    return String(text.names?.[lang]?.[name] ?? text.params[name] ?? '');
  });
}

/** The entry's every language, for the worklogs tab (null for a plain sentence). */
export const worklogTexts = (text: WorklogText | null): Record<NotificationLang, string> | null =>
  text ? (Object.fromEntries(NOTIFICATION_LANGUAGES.map((l) => [l, renderWorklog(text, l)])) as Record<NotificationLang, string>) : null;

/** The two columns an entry is written with: comment (English) and text (the key, or null for a plain sentence). */
export async function worklogColumns(q: Queryable, w: Worklog): Promise<[string, string | null]> {
  if (typeof w === 'string') return [w, null];
  const text: WorklogText = { ...w };
  for (const lang of NOTIFICATION_LANGUAGES.filter((l) => l !== 'en')) {
    const inLang: Record<string, string> = {};
    for (const [param, kind] of Object.entries(NAME_PARAMS)) {
      const v = w.params[param];
      if (typeof v === 'string') {
        const names = await configuredNamesCached(q, lang);
        if (names[kind][v]) inLang[param] = names[kind][v];
      }
    }
    if (Object.keys(inLang).length) text.names = { ...text.names, [lang]: { ...text.names?.[lang], ...inLang } };
  }
  return [renderWorklog(text), JSON.stringify(text)];
}
