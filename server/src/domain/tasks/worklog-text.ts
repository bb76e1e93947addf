import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../../db/db';
import { I18N_DIR } from '../../i18n/dictionaries';
import { serverLabel } from '../../i18n/labels';
import { formatInr, type LabelKind } from '@lendline/shared/contract';
import { configuredNamesCached } from '../config/display-names';
import { NAME_PARAMS, NOTIFICATION_LANGUAGES, type NotificationLang } from '../notifications/texts';

/**
 * A worklog entry as a key and parameters (the language files' block worklogTexts), so the worklogs tab reads it in
 * the reader's language; `names` holds the parameters that are configured names (step, level, decline reason, team)
 * in each language, resolved when written. Entries written as plain sentences (older ones) keep showing their
 * English comment.
 */
export interface WorklogText {
  key: string;
  params: Record<string, string | number>;
  names?: Partial<Record<NotificationLang, Record<string, string>>>;
  /** Parameters that are codes, by their label kind: shown by their label in each language. */
  labels?: Record<string, LabelKind>;
  /** Parameters that are lists of codes ("BUREAU_SCORE,FOIR"), by their label kind: each by its label, comma-separated. */
  labelLists?: Record<string, LabelKind>;
  /**
   * Parameters that are one of the product's own words, by group (block worklogKindTexts.terms: a money call's
   * operation, a video call's outcome, document fields "doc_type,expiry_date"): shown by those words in each language.
   */
  terms?: Record<string, string>;
  /** Parameters that are amounts in rupees (numbers): formatted when read (shared/src/format), never stored as text. */
  amounts?: string[];
  /** Parameters that are phrases of their own ("Level 2 (Credit head)", "Exceptions (FOIR)"), rendered the same way. */
  parts?: Record<string, WorklogText>;
  /** Parameters that are lists of phrases (straight-through's reasons, steps done), each rendered the same way and joined. */
  lists?: Record<string, { join: string; items: WorklogText[] }>;
}
export type Worklog = string | WorklogText;

type Block = Record<string, string> & { terms?: Record<string, Record<string, string>> };
const dictionaries = Object.fromEntries(
  NOTIFICATION_LANGUAGES.map((l) => {
    const d = JSON.parse(readFileSync(join(I18N_DIR, `${l}.json`), 'utf8')) as { worklogTexts: Record<string, string>; documentWorklogTexts?: Record<string, string>; worklogKindTexts?: Block };
    const { terms, ...kinds } = d.worklogKindTexts ?? {};
    return [l, { templates: { ...d.worklogTexts, ...d.documentWorklogTexts, ...kinds } as Record<string, string>, terms: terms ?? {} }];
  }),
) as Record<NotificationLang, { templates: Record<string, string>; terms: Record<string, Record<string, string>> }>;

/** The entries' texts: blocks worklogTexts, documentWorklogTexts (documents/record.ts) and worklogKindTexts (the rest). */
export const worklogTemplates = (lang: NotificationLang): Record<string, string> => dictionaries[lang].templates;
/** The product's own words inside entries (worklogKindTexts.terms), by group then code. */
export const worklogTerms = (lang: NotificationLang): Record<string, Record<string, string>> => dictionaries[lang].terms;

const termIn = (group: string, code: string, lang: NotificationLang) => dictionaries[lang]?.terms[group]?.[code] ?? dictionaries.en.terms[group]?.[code] ?? code;

export function renderWorklog(text: WorklogText, lang: NotificationLang = 'en'): string {
  const template = dictionaries[lang]?.templates[text.key] ?? dictionaries.en.templates[text.key] ?? text.key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const part = text.parts?.[name];
    if (part) return renderWorklog(part, lang);
    const list = text.lists?.[name];
    if (list) return list.items.map((p) => renderWorklog(p, lang)).join(list.join);
    const v = text.params[name];
    const kind = text.labels?.[name];
    if (kind) return serverLabel(kind, String(v ?? ''), lang);
    const listKind = text.labelLists?.[name];
    if (listKind) return String(v ?? '').split(',').filter(Boolean).map((c) => serverLabel(listKind, c, lang)).join(', ');
    const group = text.terms?.[name];
    if (group) return String(v ?? '').split(',').filter(Boolean).map((c) => termIn(group, c, lang)).join(', ');
    // The same grouping in every language the product ships (₹ and lakhs: en-IN), as on the pages themselves.
    if (text.amounts?.includes(name)) return formatInr(v);
    return String(text.names?.[lang]?.[name] ?? v ?? '');
  });
}

/** The entry's every language, for the worklogs tab (null for a plain sentence). */
export const worklogTexts = (text: WorklogText | null): Record<NotificationLang, string> | null =>
  text ? (Object.fromEntries(NOTIFICATION_LANGUAGES.map((l) => [l, renderWorklog(text, l)])) as Record<NotificationLang, string>) : null;

/** Parameters holding a team's id: named in every language, English too (a team is stored by its id, e.g. APPROVAL). */
const TEAM_PARAMS = ['team'];

/** The entry with its configured names resolved in each language now, as the configuration reads at the time of writing. */
async function withNames(q: Queryable, w: WorklogText): Promise<WorklogText> {
  const text: WorklogText = { ...w };
  for (const lang of NOTIFICATION_LANGUAGES) {
    const inLang: Record<string, string> = {};
    const params = [...(lang === 'en' ? [] : Object.entries(NAME_PARAMS)), ...TEAM_PARAMS.map((p) => [p, 'team'] as const)];
    for (const [param, kind] of params) {
      const v = w.params[param];
      if (typeof v === 'string' && v) {
        const names = await configuredNamesCached(q, lang);
        if (names[kind][v]) inLang[param] = names[kind][v];
      }
    }
    if (Object.keys(inLang).length) text.names = { ...text.names, [lang]: { ...inLang, ...text.names?.[lang] } };
  }
  if (w.parts) text.parts = Object.fromEntries(await Promise.all(Object.entries(w.parts).map(async ([k, p]) => [k, await withNames(q, p)] as const)));
  if (w.lists) {
    text.lists = Object.fromEntries(await Promise.all(Object.entries(w.lists).map(async ([k, l]) => [k, { join: l.join, items: await Promise.all(l.items.map((p) => withNames(q, p))) }] as const)));
  }
  return text;
}

/** The two columns an entry is written with: comment (English) and text (the key, or null for a plain sentence). */
export async function worklogColumns(q: Queryable, w: Worklog): Promise<[string, string | null]> {
  if (typeof w === 'string') return [w, null];
  const text = await withNames(q, w);
  return [renderWorklog(text).slice(0, 2000), JSON.stringify(text)];
}

/**
 * One worklog entry outside a change of tasks/change.ts or applications/actions.ts (money calls, video calls, loan
 * documents, cooling-off, straight-through …): keyed, so the worklogs tab reads it in the reader's language. `taskId`
 * 'current' is the application's current task at the time of writing.
 */
export async function insertWorklog(
  q: Queryable,
  e: { applicationId: string; taskId: string | null | 'current'; userId: string; action: string; at: Date; text: Worklog },
): Promise<void> {
  const [comment, text] = await worklogColumns(q, e.text);
  if (e.taskId === 'current') {
    await q.query(`INSERT INTO worklogs (application_id, task_id, user_id, action, comment, at, text)
                   SELECT $1::text, (SELECT cur_task_id FROM applications WHERE application_id = $1::text), $2::text, $3::text, $4::text, $5::timestamptz, $6::jsonb`, [e.applicationId, e.userId, e.action, comment, e.at, text]);
    return;
  }
  await q.query(`INSERT INTO worklogs (application_id, task_id, user_id, action, comment, at, text) VALUES ($1,$2,$3,$4,$5,$6,$7::jsonb)`, [
    e.applicationId, e.taskId, e.userId, e.action, comment, e.at, text,
  ]);
}
