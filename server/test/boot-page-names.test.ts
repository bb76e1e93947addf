import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';

/**
 * Issue 30: an English page reads its server texts from the shell's page (#ll-boot), not from /assets/i18n/en.json;
 * teams are stored by id, so without the configured names there an English page showed a team as APPROVAL.
 */
let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lendline-boot-names-'));
  const shell = join(root, 'shell');
  mkdirSync(join(shell, 'assets', 'i18n', 'shell'), { recursive: true });
  writeFileSync(join(shell, 'index.html'), '<!doctype html><html lang=en><head><title>Lendline</title></head><body><div id=root></div></body></html>');
  writeFileSync(join(shell, 'assets', 'i18n', 'shell', 'en.json'), '{}');
  t = await createTestApp({ SHELL_DIR: shell, RELEASES_DIR: join(root, 'releases') });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe(`team names on the English boot page (${dbKind()})`, () => {
  test('the page carries configNames with every seeded team by its English name, as the English language file does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/backstage/lists/my-approvals', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const boot = JSON.parse(/<script type="application\/json" id="ll-boot">([^<]*)<\/script>/.exec(res.body)![1]) as { texts: { lang: string; server: { configNames?: { team: Record<string, string> } } } };
    expect(boot.texts.lang).toBe('en');
    expect(boot.texts.server.configNames?.team).toMatchObject({ APPROVAL: 'Approval', 'CPA-NORTH': 'CPA North', 'CREDIT-COMMITTEE': 'Credit Committee', HQ: 'Head Office' });
    const file = (await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json' })).json() as { configNames: unknown };
    expect(boot.texts.server.configNames).toEqual(file.configNames);
  });
});
