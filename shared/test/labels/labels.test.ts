import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dictionary } from '../../src/i18n/translate';
import { CODE_LISTS, LABEL_KINDS, allCodes, humanizeCode, labelKey } from '../../src/labels/codes';
import { labelIn } from '../../src/labels/label-of';

// The language files the server serves at /assets/i18n/{lang}.json (the page merges them over the shell's).
const dictionaryOf = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'server', 'src', 'i18n', `${lang}.json`), 'utf8')) as Dictionary;
const dictionaries = { en: dictionaryOf('en'), hi: dictionaryOf('hi') };

describe('every known code has an English and a Hindi label', () => {
  const cases = LABEL_KINDS.flatMap((kind) => (CODE_LISTS[kind] as readonly string[]).map((code) => [kind, code] as const));

  test.each(cases)('%s %s', (kind, code) => {
    const en = labelIn({ en: dictionaries.en }, kind, code, 'en');
    const hi = labelIn({ hi: dictionaries.hi }, kind, code, 'hi');
    expect(hasKey(dictionaries.en, labelKey(kind, code))).toBe(true);
    expect(hasKey(dictionaries.hi, labelKey(kind, code))).toBe(true);
    // A Hindi label is written in Devanagari (an acronym such as FOIR may stay inside it).
    expect(hi).toMatch(/[\u0900-\u097F]/);
    expect(en).not.toMatch(/^[A-Z_]+$|[a-z][A-Z]|_/);
  });
});

function hasKey(dict: Dictionary, key: string): boolean {
  let node: string | Dictionary | undefined = dict;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '';
}

describe('labelIn', () => {
  test('the page language, else English, else the code in words — never the code itself', () => {
    expect(labelIn(dictionaries, 'applicationStatus', 'ACTIVE', 'hi')).toBe('सक्रिय');
    expect(labelIn(dictionaries, 'bureauAccountType', 'CREDIT_CARD', 'en')).toBe('Credit card');
    expect(labelIn({ en: dictionaries.en }, 'decisionRule', 'BUREAU_SCORE', 'hi')).toBe('Bureau score');
    expect(labelIn(dictionaries, 'worklogEvent', 'SOMETHING_NEW', 'en')).toBe('Something new');
    expect(labelIn(dictionaries, 'worklogEvent', 'updateSnoozeTime', 'xx')).toBe('Snoozed');
    expect(labelIn(dictionaries, 'worklogEvent', null)).toBe('');
  });

  test('humanizeCode', () => {
    expect(humanizeCode('CREDIT_CARD')).toBe('Credit card');
    expect(humanizeCode('updateSnoozeTime')).toBe('Update snooze time');
    expect(humanizeCode('complete_step/user')).toBe('Complete step user');
  });

  test('allCodes lists each code once', () => {
    const codes = allCodes();
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual(expect.arrayContaining(['ACTIVE', 'CREDIT_CARD', 'BUREAU_SCORE', 'DOCUMENT_UPLOADED', 'updateSnoozeTime', 'ASSIGNED']));
  });
});
