import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { configuredNames } from '../src/domain/config/display-names';
import { REPORTS } from '../src/domain/managers/reports';

// Issue 30, the last configured names: the demo geography's branches, the teams (named by id in every record, such as
// an approval chain's APPROVAL) and the report lists' names, columns and filters are served in the reader's language.

const t = testAppWith();

const DEVANAGARI = /[\u0900-\u097F]/;
const names = async (lang: string) => (await t.app.inject({ method: 'GET', url: `/assets/i18n/${lang}.json` })).json().configNames as Record<string, Record<string, string>>;

describe(`branches, teams and reports by name on ${dbKind()}`, () => {
  test('hi.json names every branch, every team (by id) and every report text in Hindi; en.json names the teams in English', async () => {
    const hi = await names('hi');
    const branches = (await t.app.db.query<{ name: string }>('SELECT name FROM geo_branches')).rows.map((r) => r.name);
    const teams = (await t.app.db.query<{ team_id: string }>('SELECT team_id FROM teams')).rows.map((r) => r.team_id);
    expect(branches).toContain('North Branch');
    expect(teams).toContain('APPROVAL');
    expect(branches.filter((b) => !DEVANAGARI.test(hi.branch[b] ?? ''))).toEqual([]);
    expect(teams.filter((id) => !DEVANAGARI.test(hi.team[id] ?? ''))).toEqual([]);
    expect(hi.branch['North Branch']).toBe('उत्तर शाखा');
    expect(hi.team.APPROVAL).toBe('स्वीकृति');
    const reportTexts = REPORTS.flatMap((r) => [r.name, ...r.columns.map((c) => c.label), ...r.filters.map((f) => f.label)]);
    expect(reportTexts.filter((x) => !DEVANAGARI.test(hi.report[x] ?? ''))).toEqual([]);
    expect(hi.report['Applications by status']).toBe('स्थिति के अनुसार आवेदन');

    const en = await names('en');
    expect(en.team.APPROVAL).toBe('Approval');
    expect(en.team['CREDIT-COMMITTEE']).toBe('Credit Committee');
    expect(en.branch).toEqual({});
  });

  test("a tenant's new language reaches a branch, a team and its configured report copy; a team without one reads its English name", async () => {
    await t.app.db.query(`UPDATE geo_branches SET translations = translations || '{"mr": {"name": "उत्तर शाखा (मराठी)"}}'::jsonb WHERE branch_code = 'NORTH'`);
    await t.app.db.query(`UPDATE teams SET translations = translations || '{"mr": {"name": "मंजुरी"}}'::jsonb WHERE team_id = 'APPROVAL'`);
    await t.app.db.query(
      `UPDATE setup_configs SET config = jsonb_set(config, '{reports,0,translations}', '{"mr": {"name": "स्थितीनुसार अर्ज"}}'::jsonb) WHERE category = 'Analytics' AND sub_category = 'Reports'`,
    );
    const mr = await configuredNames(t.app.db, 'mr');
    expect(mr.branch).toEqual({ 'North Branch': 'उत्तर शाखा (मराठी)' });
    expect(mr.team.APPROVAL).toBe('मंजुरी');
    expect(mr.team.OPS).toBe('Operations');
    expect(mr.report).toEqual({ 'Applications by status': 'स्थितीनुसार अर्ज' });
  });

  test('migration 112 gives a database seeded before it the same Hindi branch and team names as a fresh seed', async () => {
    const db = t.app.db;
    const fresh = await configuredNames(db, 'hi');
    await db.query(`UPDATE geo_branches SET translations = '{}'::jsonb`);
    await db.query(`UPDATE teams SET translations = '{}'::jsonb`);
    const stripped = await configuredNames(db, 'hi');
    expect(stripped.branch).toEqual({});
    expect(stripped.team.APPROVAL).toBe('Approval');

    const sql = readFileSync(join(__dirname, '..', 'src', 'db', 'migrations', '112_more_config_translations.sql'), 'utf8');
    const updates = sql.split(/;\s*\n/).map((s) => s.replace(/^(\s*--.*\n)*/g, '').trim()).filter((s) => s.startsWith('UPDATE'));
    expect(updates).toHaveLength(2);
    for (const u of updates) await db.query(u);
    const again = await configuredNames(db, 'hi');
    expect(again.branch).toEqual(fresh.branch);
    expect(again.team).toEqual(fresh.team);
  });
});
