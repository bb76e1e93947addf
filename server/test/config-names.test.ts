import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { configuredNames } from '../src/domain/config/display-names';

// Hindi to the last configured label (issue 30): every configured name a person reads (lifecycle steps and tasks,
// products, approval levels, decline reasons, templates) has its Hindi in the seeded configuration, and the language
// file the server serves for hi carries them, so screens name them in Hindi.

const t = testAppWith();

const DEVANAGARI = /[\u0900-\u097F]/;

/** Every English name of the saved configuration, by kind, read straight from the records. */
async function englishNames(): Promise<Record<string, string[]>> {
  const q = <T>(sql: string) => t.app.db.query<T>(sql).then((r) => r.rows);
  const steps = (await q<{ steps: { stepName: string; taskName: string }[] }>(`SELECT steps FROM lifecycles WHERE mode = 'SAVED'`)).flatMap((r) => r.steps);
  const matrices = (await q<{ body: unknown }>(`SELECT body FROM approval_matrices WHERE mode = 'SAVED'`)).map((r) => JSON.stringify(r.body));
  const found = (re: RegExp) => [...new Set(matrices.flatMap((m) => [...m.matchAll(re)].map((x) => x[1])))];
  return {
    step: [...new Set(steps.map((s) => s.stepName))],
    task: [...new Set(steps.map((s) => s.taskName))],
    product: (await q<{ product_name: string }>('SELECT product_name FROM products')).map((r) => r.product_name),
    productDescription: (await q<{ description: string }>('SELECT description FROM products')).map((r) => r.description),
    template: (await q<{ template_name: string }>(`SELECT template_name FROM templates WHERE mode = 'SAVED'`)).map((r) => r.template_name),
    approvalLevel: found(/"name":"([^"]+)","role"/g),
    declineReason: found(/"code":"[^"]+","label":"([^"]+)"/g),
  };
}

describe(`configured names in every language on ${dbKind()}`, () => {
  test('hi.json names every seeded step, task, product, template, approval level and decline reason in Hindi; en.json names only the teams (by id)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/i18n/hi.json' });
    expect(res.statusCode).toBe(200);
    const names = res.json().configNames as Record<string, Record<string, string>>;
    const english = await englishNames();
    expect(english.step).toContain('Credit Review');
    expect(english.approvalLevel).toContain('Branch head');
    expect(english.declineReason).toContain('Poor credit history');
    for (const [kind, list] of Object.entries(english)) {
      expect(list.length).toBeGreaterThan(0);
      const missing = list.filter((n) => !DEVANAGARI.test(names[kind]?.[n] ?? ''));
      expect({ kind, missing }).toEqual({ kind, missing: [] });
    }
    expect(names.step['Data Entry']).toBe('डेटा प्रविष्टि');
    expect(names.product['Home Loan']).toBe('गृह ऋण');

    const en = await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json' });
    const enNames = en.json().configNames as Record<string, Record<string, string>>;
    expect(Object.entries(enNames).filter(([, m]) => Object.keys(m).length > 0).map(([k]) => k)).toEqual(['team']);
    expect(enNames.team.APPROVAL).toBe('Approval');
  });

  test('a tenant adds a language to a record and it is named in it; a name without one is left to its English', async () => {
    await t.app.db.query(`UPDATE products SET translations = translations || '{"mr": {"product_name": "गृहकर्ज"}}'::jsonb WHERE product_code = 'HL'`);
    const marathi = await configuredNames(t.app.db, 'mr');
    expect(marathi.product).toEqual({ 'Home Loan': 'गृहकर्ज' });
    expect(marathi.step).toEqual({});
  });

  test('migration 110 gives a database seeded before it the same Hindi names as a fresh seed', async () => {
    const fresh = await configuredNames(t.app.db, 'hi');
    const db = t.app.db;
    // The configuration as it was before 110: no translations anywhere.
    await db.query(`UPDATE lifecycles SET steps = (SELECT jsonb_agg(s - 'translations' ORDER BY o) FROM jsonb_array_elements(steps) WITH ORDINALITY AS e(s, o))`);
    await db.query(`UPDATE products SET translations = '{}'::jsonb`);
    await db.query(`UPDATE templates SET translations = '{}'::jsonb`);
    await db.query(`UPDATE approval_matrices SET body = regexp_replace(body::text, ', "translations": \\{"hi": \\{"[A-Za-z_]+": "[^"]*"\\}\\}', '', 'g')::jsonb`);
    expect(JSON.stringify((await db.query('SELECT body FROM approval_matrices')).rows)).not.toContain('translations');
    const stripped = await configuredNames(db, 'hi');
    expect(Object.entries(stripped).filter(([, m]) => Object.keys(m).length > 0).map(([k]) => k)).toEqual(['approvalLevel', 'declineReason', 'branch', 'team', 'report']); // the built-in fallbacks, and what 112 and the report definitions name

    const sql = readFileSync(join(__dirname, '..', 'src', 'db', 'migrations', '110_config_translations.sql'), 'utf8');
    const updates = sql.split(/;\s*\n/).map((s) => s.replace(/^(\s*--.*\n)*/g, '').trim()).filter((s) => s.startsWith('UPDATE'));
    expect(updates).toHaveLength(4);
    for (const u of updates) await db.query(u);
    expect(await configuredNames(db, 'hi')).toEqual(fresh);
  });
});
