import en from '../src/features/i18n/locales/en.json';
import hi from '../src/features/i18n/locales/hi.json';

// The shell's texts ship in both languages: a key only in en.json shows English to a Hindi user (the server's
// dictionary covers the portal, not the backstage's lists and application page).

type Tree = { [k: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const EN = new Map(flatten(en as Tree));
const HI = new Map(flatten(hi as Tree));
// Texts that are only a placeholder and punctuation have nothing to translate.
const NOTHING_TO_TRANSLATE = /^[{}\w?:\s]*$/;

describe('shell locales', () => {
  it('hi.json has every key of en.json and no other', () => {
    expect([...EN.keys()].filter((k) => !HI.has(k))).toEqual([]);
    expect([...HI.keys()].filter((k) => !EN.has(k))).toEqual([]);
  });

  it('each Hindi text is written in Devanagari and keeps the English placeholders', () => {
    const untranslated = [...EN].filter(([k, v]) => !NOTHING_TO_TRANSLATE.test(v.replace(/\{\w+\}/g, '')) && !/[\u0900-\u097F]/.test(HI.get(k) ?? ''));
    expect(untranslated).toEqual([]);
    const mismatched = [...EN].filter(([k, v]) => HI.has(k) && JSON.stringify(placeholders(v)) !== JSON.stringify(placeholders(HI.get(k)!)));
    expect(mismatched).toEqual([]);
  });

  it('names the lists, the work tabs and the Save button in Hindi', () => {
    expect(HI.get('areas.applications.lists.MY_APPLICATIONS')).toBe('मेरे आवेदन');
    expect(HI.get('areas.applications.detail.tabs.notes')).toBe('नोट्स');
    expect(HI.get('areas.applications.detail.tabs.save')).toBe('सहेजें');
  });
});
