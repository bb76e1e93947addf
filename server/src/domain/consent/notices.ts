import { CONSENT_PURPOSES, type ConsentNotice, type ConsentPurpose } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';

/** The notice languages (DPDP Act 2023: English or a scheduled language); any other asks for English. */
export const NOTICE_LANGUAGES = ['en', 'hi'] as const;
export const noticeLang = (lang: string | undefined): 'en' | 'hi' => (lang === 'hi' ? 'hi' : 'en');

interface Row {
  purpose: ConsentPurpose;
  version: number;
  lang: string;
  body: Omit<ConsentNotice, 'purpose' | 'version' | 'lang'>;
}

/**
 * The current notice of every purpose in the language asked for (table consent_notices, migration 098): the highest
 * version of each purpose, in CONSENT_PURPOSES order. A purpose with no notice in that language falls back to English.
 */
export async function currentNotices(q: Queryable, lang: string | undefined): Promise<ConsentNotice[]> {
  const want = noticeLang(lang);
  const { rows } = await q.query<Row>(
    `SELECT DISTINCT ON (purpose) purpose, version, lang, body FROM consent_notices
      WHERE lang IN ($1, 'en')
      ORDER BY purpose, version DESC, (lang = $1) DESC`,
    [want],
  );
  const byPurpose = new Map(rows.map((r) => [r.purpose, r]));
  return CONSENT_PURPOSES.flatMap((p) => {
    const r = byPurpose.get(p);
    return r ? [{ ...r.body, purpose: r.purpose, version: r.version, lang: r.lang }] : [];
  });
}
