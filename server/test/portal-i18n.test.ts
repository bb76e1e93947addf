import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/test-app';

// The customer portal's texts in every language the server serves: each key the portal asks for is in en.json, and
// hi.json has each portal key of en.json, translated, with the same {placeholders}.

type Dict = { [k: string]: string | Dict };

const PORTAL_SRC = join(__dirname, '..', '..', 'mf-portal', 'src');
const PORTAL_PREFIXES = ['portal.', 'areas.portal.'];

function flatten(d: Dict, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(d)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const isPortalKey = (k: string) => PORTAL_PREFIXES.some((p) => k.startsWith(p));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every literal key the portal's code passes to t(…), e.g. t('portal.flow.back', …). */
function keysUsedByPortal(): Set<string> {
  const keys = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name)) for (const m of readFileSync(p, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
    }
  };
  walk(PORTAL_SRC);
  // Keys held in lists and passed to t() by variable.
  for (const m of readFileSync(join(PORTAL_SRC, 'area', 'area.tsx'), 'utf8').matchAll(/'(areas\.portal\.[A-Za-z0-9_.]+)'/g)) keys.add(m[1]);
  return keys;
}

let t: TestApp;
let en: Map<string, string>;
let hi: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  // Read as the browser does: GET /assets/i18n/{lang}.json (§7).
  en = flatten((await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json' })).json());
  hi = flatten((await t.app.inject({ method: 'GET', url: '/assets/i18n/hi.json' })).json());
});
afterAll(() => t.close());

describe('portal texts in en and hi', () => {
  test('every key the portal code uses is in en.json', () => {
    const used = [...keysUsedByPortal()].filter(isPortalKey);
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((k) => !en.has(k))).toEqual([]);
  });

  test('every portal key of en.json is in hi.json, translated, with the same placeholders', () => {
    const portalKeys = [...en.keys()].filter(isPortalKey);
    expect(portalKeys.length).toBeGreaterThan(100);
    expect(portalKeys.filter((k) => !hi.has(k))).toEqual([]);
    expect(portalKeys.filter((k) => JSON.stringify(placeholders(en.get(k)!)) !== JSON.stringify(placeholders(hi.get(k)!)))).toEqual([]);
    // Translated: Devanagari in every entry (a copied English text would pass the two checks above).
    expect(portalKeys.filter((k) => !/[\u0900-\u097F]/.test(hi.get(k)!))).toEqual([]);
  });

  test('the Hindi texts a customer sees first', () => {
    expect(hi.get('portal.start.begin')).toBe('आवेदन शुरू करें');
    expect(hi.get('portal.flow.fillMandatory')).toBe('कृपया सभी अनिवार्य फ़ील्ड भरें');
  });
});
